# fig-colony-time: colony: time per step against N
# written by reports/report; redraw with `gnuplot fig-colony-time.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-colony-time.svg'
set title "colony: time per step against N" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (bacteria)'
set ylabel 'median time per step (s)'
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set logscale x 2
$t0 << EOD
512 0.000352433
1024 0.00503976
2048 0.0378822
4096 0.153544
8192 0.648178
EOD
$t1 << EOD
512 0.000367925
1024 0.00151274
2048 0.00860701
4096 0.0362012
8192 0.148753
EOD
$t2 << EOD
512 0.0002564
1024 0.000969156
2048 0.00384483
4096 0.0153252
8192 0.0594076
EOD
$t3 << EOD
512 0.000353574
1024 0.00143258
2048 0.00565899
4096 0.0286098
8192 0.137031
EOD
$t4 << EOD
512 0.000195901
1024 0.000721159
2048 0.00280107
4096 0.0108618
8192 0.0427921
EOD
$t5 << EOD
512 5.9138e-05
1024 6.6208e-05
2048 0.000135271
4096 0.000296069
8192 0.000611025
16384 0.00120755
65536 0.00493998
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.0002564*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.9138e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.66)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.19)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.15)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.96)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
