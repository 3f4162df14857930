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
"interp/materialized" 0.446627 0 0.0412531 0.332474
"interp/fused" 0.870543 9.09478e-05 0 3.10554e-05
"interp/chunked" 0.771393 0.0216234 0 0.00577769
"interp/tiled" 0.776131 0.0404295 0 3.38003e-05
"interp/hoisted" 0.451936 0.517977 0 0.000169035
"interp/sorted" 1.02373 0.0102093 0 0.000433237
"interp/gram" 1.08415 0.0190747 0 0.00186095
"colony/naive" 0.111488 0 0.0528576 0.851976
"colony/naive-reuse" 0.31812 0 0.150824 0.486255
"colony/fused" 1.03869 0.000174651 0 0.000113735
"colony/chunked" 0.629078 0.090515 0 0.150351
"colony/tiled" 0.854663 0.000304206 0 0.000548911
"colony/cells" 0.913651 0.0149784 0 0.00597836
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
