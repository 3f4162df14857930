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
"interp/materialized" 0.421315 0 0.0890678 0.371786
"interp/fused" 0.840177 0.000119244 0 1.28207e-05
"interp/chunked" 0.70506 0.0531566 0 0.00623914
"interp/tiled" 0.695027 0.00017056 0 1.46705e-05
"interp/hoisted" 0.298905 0.605227 0 2.70592e-05
"interp/sorted" 0.69675 0.0198145 0 0
"colony/naive" 0.0577423 0 0.0951428 0.794291
"colony/naive-reuse" 0.204696 0 0.33728 0.563151
"colony/fused" 0.807235 0.000130693 0 0
"colony/chunked" 0.442314 0.259914 0 0.190221
"colony/tiled" 0.774148 0.000227174 0 0
"colony/cells" 0.622363 0.00893228 0 0
EOD
plot $t using 2:xtic(1) lc rgb '#0072B2' title 'in-core (compute, gathers, loads overlapped, plus the loops beside the hot loop)', $t using 3 lc rgb '#56B4E9' title 'L2 and L3 transfers', $t using 4 lc rgb '#E69F00' title 'DRAM transfers', $t using 5 lc rgb '#CC79A7' title 'page faults', 1 with lines dt 2 lw 2 lc rgb 'black' title 'measured median'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-model-terms.png'
replot
set output
