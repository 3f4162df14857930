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
"interp/materialized" 0.44086 0 0.103458 0.481838
"interp/fused" 0.915748 0.000126193 0 2.07605e-05
"interp/chunked" 0.692356 0.0507026 0 0.00759082
"interp/tiled" 1.10191 0.000154171 0 1.69089e-05
"interp/hoisted" 0.358101 0.588103 0 3.45114e-05
"interp/sorted" 0.87423 0.0227632 0 0
"colony/naive" 0.0577106 0 0.112649 1.04929
"colony/naive-reuse" 0.186909 0 0.364839 0.679671
"colony/fused" 0.879656 0.000134256 0 0
"colony/chunked" 0.440424 0.268274 0 0.250352
"colony/tiled" 0.606023 0.000216757 0 0
"colony/cells" 0.42469 0.00515275 0 0
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
