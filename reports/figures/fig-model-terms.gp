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
"interp/materialized" 0.348348 0 0.0756966 0.275689
"interp/fused" 0.773566 0.000114868 0 1.25376e-05
"interp/chunked" 0.599048 0.0478803 0 0.00475583
"interp/tiled" 0.992736 0.000147413 0 1.34081e-05
"interp/hoisted" 0.147312 0.00168889 0 0
"interp/sorted" 1.30147 0.019555 0 0
"colony/naive" 0.0602579 0 0.0985974 0.718188
"colony/naive-reuse" 0.208587 0 0.341301 0.497211
"colony/fused" 2.90827 0.000139147 0 0
"colony/chunked" 0.464847 0.279765 0 0.173211
"colony/tiled" 0.658448 0.000236989 0 0
"colony/cells" 21.7287 0.00529548 0 0
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
