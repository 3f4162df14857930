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
"interp/materialized" 0.447432 0 0.079308 0.272571
"interp/fused" 0.822578 9.35285e-05 0 1.57247e-05
"interp/chunked" 0.734815 0.0440232 0 0.00449648
"interp/tiled" 0.757781 0.0396014 0 1.45044e-05
"interp/hoisted" 0.402365 0.521067 0 0.000110778
"interp/sorted" 0.970839 0.0126738 0 0.000272405
"colony/naive" 0.0995287 0 0.0879802 0.604753
"colony/naive-reuse" 0.292844 0 0.258864 0.355894
"colony/fused" 0.994359 0.000172749 0 0.000151562
"colony/chunked" 0.562742 0.168135 0 0.106951
"colony/tiled" 0.82736 0.000304894 0 0.000242024
"colony/cells" 0.773811 0.0136173 0 0.00313822
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
