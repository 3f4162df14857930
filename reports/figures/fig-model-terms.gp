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
"interp/materialized" 0.467657 0 0.0405976 0.317303
"interp/fused" 0.856916 9.03235e-05 0 2.78833e-05
"interp/chunked" 0.787413 0.0223582 0 0.00537728
"interp/tiled" 0.807418 0.0427658 0 3.51621e-05
"interp/hoisted" 0.445007 0.515687 0 0.000194733
"interp/sorted" 1.02192 0.0102141 0 0.000522481
"interp/gram" 1.06351 0.0188823 0 0.00249818
"colony/naive" 0.104325 0 0.0462307 0.722642
"colony/naive-reuse" 0.287244 0 0.12729 0.397953
"colony/fused" 1.02673 0.000173871 0 0.000102034
"colony/chunked" 0.563912 0.0817361 0 0.122189
"colony/tiled" 0.843663 0.00030296 0 0.000351871
"colony/cells" 0.900524 0.0148975 0 0.00401867
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
