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
512 0.000464576
1024 0.00517206
2048 0.0419896
4096 0.159712
8192 0.584624
EOD
$t1 << EOD
512 0.000451532
1024 0.00220402
2048 0.0125581
4096 0.0442745
8192 0.169803
EOD
$t2 << EOD
512 0.000285222
1024 0.00113973
2048 0.00417916
4096 0.0167085
8192 0.0644685
EOD
$t3 << EOD
512 0.000439913
1024 0.00172235
2048 0.00857261
4096 0.0335489
8192 0.13518
EOD
$t4 << EOD
512 0.000177725
1024 0.000715817
2048 0.00258173
4096 0.0101094
8192 0.0403355
EOD
$t5 << EOD
512 6.232e-05
1024 6.811e-05
2048 0.000141017
4096 0.00025471
8192 0.000566966
16384 0.00106133
65536 0.00451942
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000285222*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 6.232e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.55)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.14)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.08)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.93)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
