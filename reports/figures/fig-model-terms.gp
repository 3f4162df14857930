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
"interp/materialized" 0.467579 0 0.0811094 0.292665
"interp/fused" 0.840475 9.48328e-05 0 2.56776e-05
"interp/chunked" 0.790026 0.0469708 0 0.00497711
"interp/tiled" 0.79079 0.0414407 0 1.82126e-05
"interp/hoisted" 0.414416 0.542006 0 0.000235877
"interp/sorted" 0.919317 0.0126551 0 0.000450575
"interp/gram" 1.0234 0.0188047 0 0.00145477
"colony/naive" 0.111926 0 0.0974072 0.702925
"colony/naive-reuse" 0.330947 0 0.288019 0.415725
"colony/fused" 1.02832 0.000176735 0 0.00023145
"colony/chunked" 0.629524 0.187778 0 0.123628
"colony/tiled" 0.843864 0.000307638 0 0.000318946
"colony/cells" 0.790789 0.0144721 0 0.00464643
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
