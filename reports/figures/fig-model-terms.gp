# fig-model-terms: where each variant's time goes: the time model's terms over the measured median (one core)
# written by reports/report; redraw with `gnuplot fig-model-terms.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-model-terms.svg'
set title "where each variant's time goes: the time model's terms over the measured median (one core)" noenhanced
set key outside right top noenhanced
set grid
set style data histograms
set style histogram rowstacked
set style fill solid 0.7 border -1
set boxwidth 0.75
set ylabel 'predicted seconds / measured median'
set xtics rotate by -35 noenhanced
set yrange [0:2]
set key inside left top box opaque
$t << EOD
"interp/materialized" 0.431389 0 0.0882042 0.350979
"interp/fused" 0.87467 0.000134789 0 1.23043e-05
"interp/chunked" 0.711655 0.0582645 0 0.00580623
"interp/tiled" 1.24851 0.000195123 0 1.42495e-05
"interp/hoisted" 0.301352 0.611622 0 0
"interp/sorted" 0.807891 0.0251244 0 0
"colony/naive" 0.0595428 0 0.0939353 0.74757
"colony/naive-reuse" 0.203626 0 0.321242 0.511312
"colony/fused" 0.807165 0.000129374 0 0
"colony/chunked" 0.381311 0.240876 0 0.149673
"colony/tiled" 0.744927 0.000216584 0 0
"colony/cells" 0.566974 0.00810623 0 0
EOD
plot $t using 2:xtic(1) lc rgb '#0072B2' title 'in-core (compute, gathers, loads overlapped, plus the loops beside the hot loop)', $t using 3 lc rgb '#56B4E9' title 'L2 and L3 transfers', $t using 4 lc rgb '#E69F00' title 'DRAM transfers', $t using 5 lc rgb '#CC79A7' title 'page faults', 1 with lines dt 2 lw 2 lc rgb 'black' title 'measured median'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-model-terms.png'
replot
set output
