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
512 0.000218516
1024 0.00515366
2048 0.034462
4096 0.139418
8192 0.577979
EOD
$t1 << EOD
512 0.000222727
1024 0.00141087
2048 0.00480391
4096 0.0206248
8192 0.100661
EOD
$t2 << EOD
512 0.000161536
1024 0.000603735
2048 0.00232855
4096 0.00914414
8192 0.0366196
EOD
$t3 << EOD
512 0.000214755
1024 0.0010245
2048 0.00327457
4096 0.0178693
8192 0.0875009
EOD
$t4 << EOD
512 0.000129147
1024 0.000463412
2048 0.00169322
4096 0.00631298
8192 0.0251335
EOD
$t5 << EOD
512 4.2443e-05
1024 9.4411e-05
2048 0.000186323
4096 0.000364072
8192 0.000771074
16384 0.00151331
65536 0.0067981
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000161536*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.2443e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.75)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.15)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.15)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.90)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.03)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
