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
512 0.000495154
1024 0.00806779
2048 0.0412309
4096 0.162565
8192 0.679441
EOD
$t1 << EOD
512 0.000524297
1024 0.00253742
2048 0.00830655
4096 0.0399891
8192 0.152907
EOD
$t2 << EOD
512 0.000291072
1024 0.00113294
2048 0.00438713
4096 0.0149498
8192 0.0595724
EOD
$t3 << EOD
512 0.000412192
1024 0.00146988
2048 0.00604757
4096 0.0298591
8192 0.143171
EOD
$t4 << EOD
512 0.000210462
1024 0.000761579
2048 0.00289735
4096 0.0109791
8192 0.0441809
EOD
$t5 << EOD
512 7.0314e-05
1024 9.5692e-05
2048 0.000149381
4096 0.000278613
8192 0.000596013
16384 0.00122395
65536 0.00490746
EOD
$t6 << EOD
512 0.0122049
1024 0.0970976
2048 1.18195
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000291072*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 7.0314e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.52)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.04)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.91)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.12)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.93)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.90)', \
  $t6 using 1:2 with linespoints pt 1 ps 1.4 lw 1.5 lc rgb '#7F3C8D' title 'eager (N^3.30)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
