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
512 0.000876203
1024 0.00554306
2048 0.0352914
4096 0.143297
8192 0.602439
EOD
$t1 << EOD
512 0.000450238
1024 0.00238414
2048 0.0109105
4096 0.0437211
8192 0.170274
EOD
$t2 << EOD
512 0.000286299
1024 0.00110791
2048 0.00443691
4096 0.0175841
8192 0.0659904
EOD
$t3 << EOD
512 0.000359963
1024 0.0018557
2048 0.00729911
4096 0.0322315
8192 0.13783
EOD
$t4 << EOD
512 0.000182854
1024 0.000687269
2048 0.00274475
4096 0.0106646
8192 0.0403892
EOD
$t5 << EOD
512 5.2192e-05
1024 6.3757e-05
2048 0.000168886
4096 0.000262977
8192 0.00052067
16384 0.00111576
65536 0.00471915
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000286299*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.2192e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.35)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.13)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.13)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.95)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
