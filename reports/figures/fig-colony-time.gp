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
512 0.000354446
1024 0.00610649
2048 0.0409365
4096 0.176587
8192 0.723381
EOD
$t1 << EOD
512 0.000351462
1024 0.00166218
2048 0.00905377
4096 0.0410675
8192 0.155738
EOD
$t2 << EOD
512 0.000257212
1024 0.000963931
2048 0.00442868
4096 0.0150646
8192 0.0595865
EOD
$t3 << EOD
512 0.000354527
1024 0.00144207
2048 0.00658003
4096 0.0306811
8192 0.131068
EOD
$t4 << EOD
512 0.000210543
1024 0.000719058
2048 0.00279333
4096 0.011124
8192 0.0430672
EOD
$t5 << EOD
512 4.3104e-05
1024 7.8737e-05
2048 0.000147419
4096 0.000312524
8192 0.000604908
16384 0.00118146
65536 0.00503503
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000257212*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.3104e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.68)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.22)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.15)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.93)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.98)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
