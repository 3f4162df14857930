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
512 0.000423308
1024 0.00599768
2048 0.0421217
4096 0.16296
8192 0.66017
EOD
$t1 << EOD
512 0.000663243
1024 0.00215726
2048 0.0103411
4096 0.0396914
8192 0.147271
EOD
$t2 << EOD
512 0.000256781
1024 0.00110587
2048 0.00434309
4096 0.01612
8192 0.0594454
EOD
$t3 << EOD
512 0.000390979
1024 0.0016972
2048 0.00617199
4096 0.0296409
8192 0.13996
EOD
$t4 << EOD
512 0.000207458
1024 0.000734058
2048 0.00275132
4096 0.0116282
8192 0.0434569
EOD
$t5 << EOD
512 6.6769e-05
1024 0.00013436
2048 0.000185215
4096 0.000300556
8192 0.000635462
16384 0.00120218
65536 0.00522804
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000256781*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 6.6769e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.60)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^1.98)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.11)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.94)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.88)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
