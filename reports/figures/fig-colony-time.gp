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
512 0.000756104
1024 0.00554202
2048 0.0343652
4096 0.138815
8192 0.590182
EOD
$t1 << EOD
512 0.000544201
1024 0.00242378
2048 0.0103873
4096 0.0426465
8192 0.175068
EOD
$t2 << EOD
512 0.000286492
1024 0.00110195
2048 0.0041508
4096 0.016273
8192 0.0687015
EOD
$t3 << EOD
512 0.00035516
1024 0.00204786
2048 0.00714068
4096 0.0322949
8192 0.138036
EOD
$t4 << EOD
512 0.000177861
1024 0.000707263
2048 0.00257398
4096 0.010002
8192 0.0432167
EOD
$t5 << EOD
512 5.1399e-05
1024 6.4295e-05
2048 0.000133354
4096 0.000306811
8192 0.000516868
16384 0.00106962
65536 0.004863
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000286492*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.1399e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.39)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.08)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.12)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.97)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.97)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
