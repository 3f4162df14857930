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
512 0.000838234
1024 0.00953076
2048 0.0676089
4096 0.247051
8192 0.87359
EOD
$t1 << EOD
512 0.00085714
1024 0.00399558
2048 0.0162844
4096 0.0652768
8192 0.270675
EOD
$t2 << EOD
512 0.000546054
1024 0.00210479
2048 0.00828362
4096 0.0329257
8192 0.13387
EOD
$t3 << EOD
512 0.000807943
1024 0.0033713
2048 0.0133508
4096 0.0674233
8192 0.281773
EOD
$t4 << EOD
512 0.000426634
1024 0.00157241
2048 0.00562515
4096 0.0237015
8192 0.100694
EOD
$t5 << EOD
512 8.47775e-05
1024 0.000156487
2048 0.000307512
4096 0.000580767
8192 0.00116687
16384 0.00242536
65536 0.0108293
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000546054*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 8.47775e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.47)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.06)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.98)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.12)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.97)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.00)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
