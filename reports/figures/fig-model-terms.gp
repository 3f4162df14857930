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
"interp/materialized" 0.554616 0 0.0888763 0.25936
"interp/fused" 1.01388 0.000322029 0 2.46143e-05
"interp/chunked" 0.953136 0.0798348 0 0.00448023
"interp/tiled" 0.827464 0.227262 0 2.81752e-05
"interp/hoisted" 0.244601 0.772071 0 0.000101915
"interp/sorted" 0.732384 0.0557943 0 0.00065424
"interp/gram" 0.995005 0.0903912 0 0.00184242
"colony/naive" 0.129299 0 0.166317 0.647888
"colony/naive-reuse" 0.293682 0 0.377763 0.294339
"colony/fused" 0.914552 0.000182064 0 0.000205185
"colony/chunked" 0.588511 0.264096 0 0.0922288
"colony/tiled" 1.05142 0.000378418 0 0.00045017
"colony/cells" 0.891656 0.0200109 0 0.00460744
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
