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
512 0.00107411
1024 0.0106789
2048 0.0691723
4096 0.268706
8192 1.06437
EOD
$t1 << EOD
512 0.000946296
1024 0.00416715
2048 0.0195087
4096 0.0783317
8192 0.285222
EOD
$t2 << EOD
512 0.000750508
1024 0.00232892
2048 0.00942821
4096 0.033445
8192 0.156088
EOD
$t3 << EOD
512 0.000914091
1024 0.00359351
2048 0.0148766
4096 0.0816682
8192 0.33802
EOD
$t4 << EOD
512 0.000473466
1024 0.0016928
2048 0.00699725
4096 0.0261496
8192 0.106512
EOD
$t5 << EOD
512 9.26695e-05
1024 0.000159094
2048 0.000416208
4096 0.000705681
8192 0.0017882
16384 0.0101119
65536 0.0159731
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000750508*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 9.26695e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.46)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.07)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.92)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.16)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.96)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.16)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
