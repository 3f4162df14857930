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
512 0.000375182
1024 0.00769503
2048 0.0476712
4096 0.183351
8192 0.748978
EOD
$t1 << EOD
512 0.000407044
1024 0.00239533
2048 0.0124511
4096 0.0417576
8192 0.185061
EOD
$t2 << EOD
512 0.000256806
1024 0.00118072
2048 0.00438345
4096 0.0157348
8192 0.0599584
EOD
$t3 << EOD
512 0.000405347
1024 0.00181055
2048 0.00625162
4096 0.0309548
8192 0.189203
EOD
$t4 << EOD
512 0.000193908
1024 0.000836432
2048 0.00282159
4096 0.0118964
8192 0.0438221
EOD
$t5 << EOD
512 3.6444e-05
1024 9.49005e-05
2048 0.000203377
4096 0.000335523
8192 0.000620557
16384 0.00124755
65536 0.0049606
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000256806*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 3.6444e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.65)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.18)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.18)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
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
