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
512 0.000236002
1024 0.0052726
2048 0.0384892
4096 0.145762
8192 0.5762
EOD
$t1 << EOD
512 0.000240008
1024 0.00109208
2048 0.00530845
4096 0.0206893
8192 0.0845415
EOD
$t2 << EOD
512 0.000165271
1024 0.000595227
2048 0.00240732
4096 0.00929864
8192 0.0364979
EOD
$t3 << EOD
512 0.000232442
1024 0.000880282
2048 0.00405614
4096 0.0189407
8192 0.0829289
EOD
$t4 << EOD
512 0.000115217
1024 0.000447362
2048 0.00174876
4096 0.00663954
8192 0.0255969
EOD
$t5 << EOD
512 3.7446e-05
1024 8.02495e-05
2048 0.000178632
4096 0.000335419
8192 0.000672838
16384 0.00133959
65536 0.00550735
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000165271*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 3.7446e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.73)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.12)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.14)', \
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
