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
"interp/materialized" 0.458185 0 0.126312 0.202871
"interp/fused" 0.688787 0.000190195 0 2.12326e-05
"interp/chunked" 0.626191 0.0912509 0 0.00279435
"interp/tiled" 0.392373 0.0852397 0 2.9577e-05
"interp/hoisted" 0.206717 0.736304 0 5.76899e-05
"interp/sorted" 0.714967 0.0445986 0 0.000515564
"colony/naive" 0.137647 0 0.19902 0.63926
"colony/naive-reuse" 0.361582 0 0.522801 0.335874
"colony/fused" 0.876546 0.000146995 0 3.03283e-05
"colony/chunked" 0.552449 0.422228 0 0.0802436
"colony/tiled" 0.850325 0.000254702 0 0.000124808
"colony/cells" 0.668216 0.0121887 0 0.00462397
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
