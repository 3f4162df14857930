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
512 0.00029825
1024 0.00456572
2048 0.0341839
4096 0.135713
8192 0.576189
EOD
$t1 << EOD
512 0.000268496
1024 0.00101166
2048 0.00495637
4096 0.0201432
8192 0.0961867
EOD
$t2 << EOD
512 0.00019451
1024 0.00058991
2048 0.00232919
4096 0.00930005
8192 0.0411583
EOD
$t3 << EOD
512 0.000287899
1024 0.000831575
2048 0.00328161
4096 0.0180194
8192 0.114745
EOD
$t4 << EOD
512 0.000129644
1024 0.000443952
2048 0.00169339
4096 0.00623966
8192 0.0290119
EOD
$t5 << EOD
512 5.709e-05
1024 8.35045e-05
2048 0.000210228
4096 0.000363222
8192 0.000900443
16384 0.00152417
65536 0.00679983
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00019451*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.709e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.67)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.13)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.94)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.17)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.94)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.01)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
