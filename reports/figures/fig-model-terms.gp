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
"interp/materialized" 0.591748 0 0.212107 0.266655
"interp/fused" 1.08506 0.000368172 0 2.20018e-05
"interp/chunked" 1.00066 0.180212 0 0.00453713
"interp/tiled" 0.953956 0.259296 0 2.56288e-05
"interp/hoisted" 0.271019 0.850996 0 3.50821e-05
"interp/sorted" 0.789159 0.0643645 0 0.000680856
"interp/gram" 0.999755 0.0933255 0 0.00257404
"colony/naive" 0.139402 0.126687 0 0.633991
"colony/naive-reuse" 0.338589 0.307706 0 0.307998
"colony/fused" 1.01709 0.000184637 0 0.000103286
"colony/chunked" 0.607804 0.552366 0 0.0865206
"colony/tiled" 1.15088 0.000379364 0 0.000280008
"colony/cells" 0.87794 0.018625 0 0.00212859
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
