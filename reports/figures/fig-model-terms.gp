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
"interp/materialized" 0.409674 0 0.141706 0.215785
"interp/fused" 0.651855 0.000214036 0 2.27361e-05
"interp/chunked" 0.541727 0.09376 0 0.0028768
"interp/tiled" 0.456412 0.0833052 0 3.34158e-05
"interp/hoisted" 0.1862 0.764415 0 5.25613e-05
"interp/sorted" 0.731174 0.0461204 0 0.000237341
"colony/naive" 0.12356 0 0.187459 0.570886
"colony/naive-reuse" 0.321547 0 0.487833 0.29714
"colony/fused" 0.724724 0.000128002 0 3.76867e-05
"colony/chunked" 0.45972 0.348985 0 0.0664182
"colony/tiled" 0.74255 0.000234444 0 0.00010929
"colony/cells" 0.5566 0.0105873 0 0.00318418
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
