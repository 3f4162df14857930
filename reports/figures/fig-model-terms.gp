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
"interp/materialized" 0.428854 0 0.0434889 0.383174
"interp/fused" 0.825813 0.000115053 0 2.79807e-05
"interp/chunked" 0.725283 0.0271517 0 0.00650934
"interp/tiled" 0.776106 0.0233912 0 2.19945e-05
"interp/hoisted" 0.361577 0.636841 0 0.000227826
"interp/sorted" 0.916409 0.018453 0 0.000709823
"interp/gram" 0.946077 0.0231713 0 0.00204917
"colony/naive" 0.0609403 0 0.0417314 0.73538
"colony/naive-reuse" 0.214982 0 0.147218 0.518869
"colony/fused" 0.837813 0.000146759 0 0.000448725
"colony/chunked" 0.468633 0.118471 0 0.176952
"colony/tiled" 0.773903 0.000265218 0 0.000641977
"colony/cells" 0.747099 0.0113311 0 0.00353904
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
