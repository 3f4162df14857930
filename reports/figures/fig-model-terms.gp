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
"interp/materialized" 0.584706 0 0.131199 0.210517
"interp/fused" 0.921373 0.000185709 0 2.22765e-05
"interp/chunked" 0.756393 0.0834133 0 0.0027456
"interp/tiled" 0.788723 0.0772665 0 3.03936e-05
"interp/hoisted" 0.207201 0.680856 0 6.31986e-05
"interp/sorted" 0.720971 0.0426975 0 0.000589295
"colony/naive" 0.125036 0 0.189009 0.606522
"colony/naive-reuse" 0.334998 0 0.506394 0.325016
"colony/fused" 0.795865 0.000143995 0 7.21042e-05
"colony/chunked" 0.488057 0.362588 0 0.0740438
"colony/tiled" 0.74404 0.000240274 0 9.52495e-05
"colony/cells" 0.651088 0.0123935 0 0.00380364
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
