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
"interp/materialized" 0.680349 0 0.0886123 0.258538
"interp/fused" 1.14669 0.000302462 0 1.20335e-05
"interp/chunked" 1.07277 0.075237 0 0.00409899
"interp/tiled" 0.821695 0.236773 0 3.63572e-05
"interp/hoisted" 0.243512 0.773946 0 9.9248e-05
"interp/sorted" 0.727296 0.0578749 0 0.000529856
"interp/gram" 0.940892 0.0886141 0 0.00264415
"colony/naive" 0.132818 0 0.161004 0.640878
"colony/naive-reuse" 0.317282 0 0.384613 0.306211
"colony/fused" 0.930964 0.000180662 0 0.000133756
"colony/chunked" 0.578613 0.257638 0 0.0873354
"colony/tiled" 1.03401 0.000363568 0 0.000266369
"colony/cells" 0.823732 0.0185262 0 0.00420334
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
