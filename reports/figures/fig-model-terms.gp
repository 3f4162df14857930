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
"interp/materialized" 0.595295 0 0.094044 0.282947
"interp/fused" 1.05669 0.000164789 0 3.13106e-05
"interp/chunked" 0.960057 0.0794177 0 0.00459136
"interp/tiled" 0.898248 0.239873 0 2.99257e-05
"interp/hoisted" 0.267335 0.816053 0 4.90325e-05
"interp/sorted" 0.758219 0.0270834 0 0.000789441
"interp/gram" 0.877226 0.0379101 0 0.00240102
"colony/naive" 0.141474 0 0.163669 0.684968
"colony/naive-reuse" 0.33001 0 0.381783 0.319584
"colony/fused" 0.962114 4.92865e-05 0 0.000139038
"colony/chunked" 0.585086 0.246513 0 0.0886143
"colony/tiled" 1.11025 0.000102951 0 0.000402362
"colony/cells" 0.873212 0.00508208 0 0.00439347
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
