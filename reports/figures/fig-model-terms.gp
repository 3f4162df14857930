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
"interp/materialized" 0.439543 0 0.0404346 0.583921
"interp/fused" 0.839921 9.17906e-05 0 2.51286e-05
"interp/chunked" 0.751679 0.022171 0 0.00508524
"interp/tiled" 0.779492 0.0413367 0 1.637e-05
"interp/hoisted" 0.449677 0.522408 0 0.000167451
"interp/sorted" 0.96901 0.0124333 0 0.000602504
"interp/gram" 1.02833 0.0184297 0 0.00310482
"colony/naive" 0.12031 0 0.0546889 0.79943
"colony/naive-reuse" 0.332181 0 0.150999 0.441496
"colony/fused" 1.03404 0.000175096 0 0.000147811
"colony/chunked" 0.65838 0.0959567 0 0.136902
"colony/tiled" 0.851088 0.000305615 0 0.000272324
"colony/cells" 0.941283 0.015564 0 0.00268426
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
