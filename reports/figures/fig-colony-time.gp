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
512 0.000240338
1024 0.00495784
2048 0.041503
4096 0.154296
8192 0.605511
EOD
$t1 << EOD
512 0.000233893
1024 0.0010208
2048 0.00593423
4096 0.0213465
8192 0.102032
EOD
$t2 << EOD
512 0.000163284
1024 0.000613539
2048 0.00239224
4096 0.00948168
8192 0.0389333
EOD
$t3 << EOD
512 0.000231576
1024 0.000899471
2048 0.00364827
4096 0.019426
8192 0.104153
EOD
$t4 << EOD
512 0.0001171
1024 0.000444047
2048 0.00176866
4096 0.0073732
8192 0.0275199
EOD
$t5 << EOD
512 2.58185e-05
1024 6.1987e-05
2048 0.000112858
4096 0.000291294
8192 0.000593865
16384 0.000920818
65536 0.00379932
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000163284*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 2.58185e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.76)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.19)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.21)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.98)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.02)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
