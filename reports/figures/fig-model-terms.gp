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
"interp/materialized" 0.616754 0 0.218507 0.270505
"interp/fused" 1.09553 0.000355856 0 2.32678e-05
"interp/chunked" 1.00952 0.174167 0 0.00445355
"interp/tiled" 0.921639 0.259089 0 3.82668e-05
"interp/hoisted" 0.259786 0.840027 0 0.000173039
"interp/sorted" 0.720912 0.0603013 0 0.0803614
"interp/gram" 0.929931 0.0874138 0 0.00244954
"colony/naive" 0.134567 0.12421 0 0.631539
"colony/naive-reuse" 0.319578 0.294982 0 0.299992
"colony/fused" 0.976066 0.000174947 0 0.000136319
"colony/chunked" 0.577665 0.533204 0 0.0847885
"colony/tiled" 1.10591 0.000359954 0 0.000277554
"colony/cells" 0.84181 0.0175708 0 0.00419569
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
