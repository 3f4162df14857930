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
"interp/materialized" 0.38651 0 0.0897614 0.354183
"interp/fused" 0.812186 0.000121568 0 1.5453e-05
"interp/chunked" 0.640211 0.0508743 0 0.00588502
"interp/tiled" 0.862087 0.000130916 0 1.38678e-05
"interp/hoisted" 0.289586 0.564109 0 0
"interp/sorted" 0.731418 0.0213856 0 0
"colony/naive" 0.0578591 0 0.101694 0.802536
"colony/naive-reuse" 0.204407 0 0.35927 0.567047
"colony/fused" 0.793339 0.000126896 0 0
"colony/chunked" 0.438771 0.263882 0 0.190271
"colony/tiled" 0.695137 0.00021806 0 0
"colony/cells" 0.387035 0.00574164 0 0
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
