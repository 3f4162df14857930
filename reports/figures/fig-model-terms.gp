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
"interp/materialized" 0.461292 0 0.0921378 0.313252
"interp/fused" 0.815099 9.1672e-05 0 1.54841e-05
"interp/chunked" 0.772961 0.0456732 0 0.00527429
"interp/tiled" 0.779559 0.0411494 0 1.9697e-05
"interp/hoisted" 0.406123 0.5277 0 8.4002e-05
"interp/sorted" 0.967686 0.0126416 0 0.000307096
"interp/gram" 1.06338 0.0195582 0 0.000825881
"colony/naive" 0.0960877 0 0.0971194 0.66037
"colony/naive-reuse" 0.278854 0 0.281848 0.383309
"colony/fused" 0.932675 0.000162231 0 9.18817e-05
"colony/chunked" 0.489533 0.146373 0 0.105243
"colony/tiled" 0.816673 0.000299879 0 0.0002353
"colony/cells" 0.794477 0.0138047 0 0.00239599
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
