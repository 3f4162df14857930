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
"interp/materialized" 0.42575 0 0.0877532 0.346313
"interp/fused" 0.855703 0.000129912 0 1.44449e-05
"interp/chunked" 0.726511 0.0585863 0 0.00592408
"interp/tiled" 1.21703 0.000187359 0 1.38883e-05
"interp/hoisted" 0.299994 0.60104 0 0
"interp/sorted" 0.770677 0.0234523 0 0
"colony/naive" 0.0616325 0 0.0990981 0.782173
"colony/naive-reuse" 0.218547 0 0.351399 0.554712
"colony/fused" 0.851489 0.000138734 0 0
"colony/chunked" 0.472292 0.297106 0 0.18739
"colony/tiled" 0.839605 0.000247945 0 0
"colony/cells" 0.65433 0.00629434 0 0
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
