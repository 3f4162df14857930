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
512 0.000405391
1024 0.00674284
2048 0.055781
4096 0.173248
8192 0.618924
EOD
$t1 << EOD
512 0.000409747
1024 0.00375692
2048 0.0119608
4096 0.0412808
8192 0.205096
EOD
$t2 << EOD
512 0.000264883
1024 0.00118073
2048 0.00457681
4096 0.015486
8192 0.0668662
EOD
$t3 << EOD
512 0.000375897
1024 0.00205541
2048 0.00684408
4096 0.030058
8192 0.165482
EOD
$t4 << EOD
512 0.000209922
1024 0.000940704
2048 0.00313699
4096 0.0110714
8192 0.0472386
EOD
$t5 << EOD
512 6.5857e-05
1024 0.000112827
2048 0.00019549
4096 0.000280005
8192 0.000597035
16384 0.00156225
65536 0.00516926
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000264883*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 6.5857e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.58)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.14)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.14)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.92)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.91)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
