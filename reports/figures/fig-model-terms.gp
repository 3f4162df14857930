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
"interp/materialized" 0.484878 0 0.132712 0.209635
"interp/fused" 0.781727 0.000204574 0 2.35456e-05
"interp/chunked" 0.651494 0.0899153 0 0.0028407
"interp/tiled" 0.632522 0.0991744 0 2.78068e-05
"interp/hoisted" 0.231657 0.785572 0 5.94572e-05
"interp/sorted" 0.868313 0.0509079 0 0.000876399
"colony/naive" 0.129876 0 0.185216 0.585108
"colony/naive-reuse" 0.326245 0 0.465258 0.293969
"colony/fused" 0.843226 0.0001428 0 8.52091e-05
"colony/chunked" 0.473343 0.340385 0 0.0666943
"colony/tiled" 0.808105 0.000246411 0 7.76012e-05
"colony/cells" 0.634007 0.0117636 0 0.00430218
EOD
plot $t using 2:xtic(1) lc rgb '#0072B2' title 'in-core (compute, gathers, loads overlapped, plus the loops beside the hot loop)', $t using 3 lc rgb '#56B4E9' title 'L2 and L3 transfers', $t using 4 lc rgb '#E69F00' title 'DRAM transfers', $t using 5 lc rgb '#CC79A7' title 'page faults', 1 with lines dt 2 lw 2 lc rgb 'black' title 'measured median'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-model-terms.png'
replot
set output
