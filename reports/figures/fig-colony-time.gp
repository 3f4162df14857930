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
512 0.000859021
1024 0.00989998
2048 0.053585
4096 0.254963
8192 0.970443
EOD
$t1 << EOD
512 0.000890534
1024 0.00395708
2048 0.0155186
4096 0.0777875
8192 0.297679
EOD
$t2 << EOD
512 0.000541072
1024 0.00218079
2048 0.00717142
4096 0.035914
8192 0.138543
EOD
$t3 << EOD
512 0.00077972
1024 0.00348441
2048 0.01259
4096 0.0714868
8192 0.318233
EOD
$t4 << EOD
512 0.000374567
1024 0.00161887
2048 0.00573882
4096 0.0239526
8192 0.098877
EOD
$t5 << EOD
512 6.8295e-05
1024 0.00014824
2048 0.000292738
4096 0.000637623
8192 0.001253
16384 0.00258005
65536 0.0123613
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000541072*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 6.8295e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.50)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.11)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^2.00)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.17)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^2.00)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.06)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
