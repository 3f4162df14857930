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
"interp/materialized" 0.471195 0 0.0959049 0.346268
"interp/fused" 0.829603 9.24035e-05 0 2.12503e-05
"interp/chunked" 0.765499 0.0449394 0 0.00564685
"interp/tiled" 0.810915 0.0423859 0 2.19679e-05
"interp/hoisted" 0.402513 0.525854 0 9.03398e-05
"interp/sorted" 0.976939 0.0126703 0 0.000335257
"colony/naive" 0.110069 0 0.11334 0.81844
"colony/naive-reuse" 0.30636 0 0.315464 0.455634
"colony/fused" 1.02477 0.000176597 0 0.000109135
"colony/chunked" 0.593655 0.176317 0 0.138071
"colony/tiled" 0.842486 0.000307951 0 0.000263659
"colony/cells" 0.831384 0.0144507 0 0.00410509
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
