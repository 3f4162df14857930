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
512 0.00100132
1024 0.0106016
2048 0.0641249
4096 0.245509
8192 0.998211
EOD
$t1 << EOD
512 0.000982603
1024 0.00611951
2048 0.0172778
4096 0.0669264
8192 0.265281
EOD
$t2 << EOD
512 0.000660313
1024 0.00221374
2048 0.00861174
4096 0.0371133
8192 0.137922
EOD
$t3 << EOD
512 0.000840117
1024 0.00355135
2048 0.014136
4096 0.0649449
8192 0.281401
EOD
$t4 << EOD
512 0.000465592
1024 0.00176081
2048 0.00621152
4096 0.0291488
8192 0.0979436
EOD
$t5 << EOD
512 9.0634e-05
1024 0.000151694
2048 0.000313137
4096 0.000726579
8192 0.00122535
16384 0.00246291
65536 0.0131888
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000660313*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 9.0634e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.45)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^1.96)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.10)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
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
