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
"interp/materialized" 0.546387 0 0.0942814 0.297741
"interp/fused" 1.00068 0.000343065 0 2.45628e-05
"interp/chunked" 0.942978 0.0856045 0 0.0051668
"interp/tiled" 0.941931 0.255336 0 2.42995e-05
"interp/hoisted" 0.256646 0.83998 0 6.6159e-05
"interp/sorted" 0.764391 0.0641341 0 0.00121923
"interp/gram" 1.09955 0.0982799 0 0.00216513
"colony/naive" 0.129237 0 0.168916 0.709636
"colony/naive-reuse" 0.296338 0 0.387319 0.325438
"colony/fused" 0.923621 0.000189197 0 0.000113615
"colony/chunked" 0.550054 0.251582 0 0.0944798
"colony/tiled" 1.0586 0.00039129 0 0.000248028
"colony/cells" 0.91951 0.0211177 0 0.00388625
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
