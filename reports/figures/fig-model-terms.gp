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
"interp/materialized" 0.473272 0 0.0429637 0.338389
"interp/fused" 0.869451 9.29006e-05 0 2.76598e-05
"interp/chunked" 0.772354 0.0222631 0 0.00554512
"interp/tiled" 0.805648 0.0428409 0 2.12683e-05
"interp/hoisted" 0.448553 0.520412 0 0.000249394
"interp/sorted" 1.02904 0.0102952 0 0.000341864
"interp/gram" 1.11003 0.019733 0 0.00180775
"colony/naive" 0.114117 0 0.052171 0.821806
"colony/naive-reuse" 0.318487 0 0.145604 0.458749
"colony/fused" 1.02901 0.000174482 0 0.00026577
"colony/chunked" 0.649691 0.0943117 0 0.146301
"colony/tiled" 0.850426 0.000305798 0 0.000516251
"colony/cells" 0.895678 0.0148603 0 0.00416195
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
