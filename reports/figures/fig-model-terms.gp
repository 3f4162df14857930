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
"interp/materialized" 0.406292 0 0.0420013 0.35885
"interp/fused" 0.805636 0.000106788 0 3.19143e-05
"interp/chunked" 0.670162 0.0231018 0 0.00594744
"interp/tiled" 0.697589 0.0221982 0 3.05034e-05
"interp/hoisted" 0.366707 0.60055 0 0.000113561
"interp/sorted" 0.879416 0.0167052 0 0.000668166
"interp/gram" 0.866484 0.0207951 0 0.00191222
"colony/naive" 0.059592 0 0.0448003 0.723734
"colony/naive-reuse" 0.208713 0 0.156907 0.506995
"colony/fused" 0.823425 0.000152664 0 0.000297735
"colony/chunked" 0.467735 0.110858 0 0.177732
"colony/tiled" 0.752232 0.000272397 0 0.000525712
"colony/cells" 0.715929 0.0114358 0 0.00341737
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
