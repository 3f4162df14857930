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
"interp/materialized" 0.480766 0 0.0438474 0.335432
"interp/fused" 0.869754 9.24352e-05 0 2.9123e-05
"interp/chunked" 0.762406 0 0.0695339 0.00535403
"interp/tiled" 0.784717 0.0416395 0 2.3358e-05
"interp/hoisted" 0.452269 0.522078 0 0.000224221
"interp/sorted" 1.03314 0 0.0367182 0.000338709
"interp/gram" 1.0727 0.0190743 0 0.00171703
"colony/naive" 0.107555 0 0.0499676 0.764499
"colony/naive-reuse" 0.30256 0 0.140562 0.430149
"colony/fused" 1.02793 0.000174309 0 0.000157128
"colony/chunked" 0.570514 0 0.265048 0.126828
"colony/tiled" 0.834213 0.000299252 0 0.000569484
"colony/cells" 0.904198 0.0148935 0 0.00548567
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
