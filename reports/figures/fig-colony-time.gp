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
512 0.00112818
1024 0.0139734
2048 0.0694295
4096 0.28227
8192 1.05064
EOD
$t1 << EOD
512 0.00113555
1024 0.00710655
2048 0.0183868
4096 0.0710183
8192 0.286482
EOD
$t2 << EOD
512 0.00061014
1024 0.00317944
2048 0.00930493
4096 0.056976
8192 0.16671
EOD
$t3 << EOD
512 0.000994058
1024 0.0051922
2048 0.0204532
4096 0.0937893
8192 0.308683
EOD
$t4 << EOD
512 0.000478664
1024 0.00187008
2048 0.00780998
4096 0.0267987
8192 0.105504
EOD
$t5 << EOD
512 8.2482e-05
1024 0.000209722
2048 0.000335723
4096 0.000702744
8192 0.00210526
16384 0.00477574
65536 0.0273887
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00061014*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 8.2482e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.41)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^1.93)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^2.04)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.07)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.94)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.19)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
