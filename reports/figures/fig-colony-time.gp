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
512 0.000408205
1024 0.00562394
2048 0.0412631
4096 0.156814
8192 0.663821
EOD
$t1 << EOD
512 0.000443958
1024 0.00257147
2048 0.00866038
4096 0.0356338
8192 0.144814
EOD
$t2 << EOD
512 0.000262689
1024 0.000972151
2048 0.00383998
4096 0.0151086
8192 0.0596282
EOD
$t3 << EOD
512 0.000359994
1024 0.00159865
2048 0.00598246
4096 0.0283985
8192 0.134466
EOD
$t4 << EOD
512 0.000193006
1024 0.000720138
2048 0.00277235
4096 0.010964
8192 0.0431147
EOD
$t5 << EOD
512 5.3409e-05
1024 9.9087e-05
2048 0.000136472
4096 0.000294897
8192 0.000596003
16384 0.00119927
65536 0.00483198
EOD
$t6 << EOD
512 0.0115426
1024 0.0854583
2048 1.1381
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000262689*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.3409e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.61)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.05)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.12)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.93)', \
  $t6 using 1:2 with linespoints pt 1 ps 1.4 lw 1.5 lc rgb '#7F3C8D' title 'eager (N^3.31)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
