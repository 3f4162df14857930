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
"interp/materialized" 0.444987 0 0.0411683 0.295073
"interp/fused" 0.828505 8.97408e-05 0 2.63163e-05
"interp/chunked" 0.741547 0 0.0686048 0.00494594
"interp/tiled" 0.79411 0.042015 0 2.19852e-05
"interp/hoisted" 0.446681 0.516754 0 0.000144447
"interp/sorted" 1.01592 0 0.0354461 0.000494329
"interp/gram" 1.04862 0.0186742 0 0.00156462
"colony/naive" 0.110521 0 0.0508144 0.728417
"colony/naive-reuse" 0.31681 0 0.145661 0.417648
"colony/fused" 1.03209 0.000174848 0 0.000194897
"colony/chunked" 0.61157 0 0.281184 0.126087
"colony/tiled" 0.850828 0.00030567 0 0.000269736
"colony/cells" 0.887526 0.0146889 0 0.0025088
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
