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
"interp/materialized" 0.558686 0 0.152987 0.272922
"interp/fused" 1.03812 0.000270403 0 3.18373e-05
"interp/chunked" 0.791192 0.10855 0 0.00389408
"interp/tiled" 0.509083 0.000519739 0 3.39967e-05
"interp/hoisted" 0.254687 0.793929 0 9.26109e-05
"interp/sorted" 0.789891 0.0453605 0 0.000477939
"colony/naive" 0.124676 0 0.178178 0.635693
"colony/naive-reuse" 0.331467 0 0.473711 0.338019
"colony/fused" 0.785662 0.000137163 0 5.99634e-05
"colony/chunked" 0.448519 0.321155 0 0.0715108
"colony/tiled" 0.765814 0.000239657 0 8.29432e-05
"colony/cells" 0.592807 0.0110181 0 0.00369026
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
