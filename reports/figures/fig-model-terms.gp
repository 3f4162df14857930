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
"interp/materialized" 0.441553 0 0.043868 0.347451
"interp/fused" 0.844185 0.000112989 0 2.74979e-05
"interp/chunked" 0.766868 0.0271796 0 0.00605928
"interp/tiled" 0.789137 0.0247724 0 2.71396e-05
"interp/hoisted" 0.369243 0.617226 0 0.000261118
"interp/sorted" 0.951692 0.0184114 0 0.000649655
"interp/gram" 0.919674 0.0223593 0 0.00181384
"colony/naive" 0.0682693 0 0.0468482 0.742097
"colony/naive-reuse" 0.24473 0 0.16794 0.532094
"colony/fused" 0.886668 0.000144907 0 0.000288695
"colony/chunked" 0.535742 0.131154 0 0.182137
"colony/tiled" 0.81717 0.00026146 0 0.000515474
"colony/cells" 0.784821 0.0111597 0 0.0034067
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
