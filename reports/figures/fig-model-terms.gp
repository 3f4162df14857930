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
"interp/materialized" 0.502862 0 0.0863011 0.259769
"interp/fused" 0.949845 0.000329199 0 3.3989e-05
"interp/chunked" 0.863475 0.0793677 0 0.00448347
"interp/tiled" 0.879773 0.250346 0 3.08622e-05
"interp/hoisted" 0.244639 0.800811 0 0.000106591
"interp/sorted" 0.729917 0.0581207 0 0.000690439
"interp/gram" 0.892246 0.0817555 0 0.00168821
"colony/naive" 0.121128 0 0.153702 0.621187
"colony/naive-reuse" 0.291762 0 0.370222 0.299287
"colony/fused" 0.893389 0.000176967 0 6.82289e-05
"colony/chunked" 0.533809 0.243557 0 0.0856519
"colony/tiled" 1.05769 0.000379935 0 0.00023193
"colony/cells" 0.89105 0.0202617 0 0.00239394
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
