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
"interp/materialized" 0.430174 0 0.0832092 0.302895
"interp/fused" 0.828028 9.19894e-05 0 1.82915e-05
"interp/chunked" 0.745379 0.0436412 0 0.00527364
"interp/tiled" 0.626659 0.0332286 0 2.11485e-05
"interp/hoisted" 0.400028 0.517411 0 6.45781e-05
"interp/sorted" 0.968759 0.0125395 0 0.000382511
"colony/naive" 0.100843 0 0.098659 0.718257
"colony/naive-reuse" 0.285788 0 0.279598 0.407133
"colony/fused" 1.0225 0.000178561 0 0.00013054
"colony/chunked" 0.565635 0.167501 0 0.126014
"colony/tiled" 0.839396 0.000310921 0 0.000287919
"colony/cells" 0.785247 0.0138302 0 0.00743633
EOD
plot $t using 2:xtic(1) lc rgb '#0072B2' title 'in-core (compute, gathers and loads as they overlap, plus the loops beside the hot loop)', $t using 3 lc rgb '#56B4E9' title 'L2 and L3 transfers', $t using 4 lc rgb '#E69F00' title 'DRAM transfers', $t using 5 lc rgb '#CC79A7' title 'page faults', 1 with lines dt 2 lw 2 lc rgb 'black' title 'measured median'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-model-terms.png'
replot
set output
