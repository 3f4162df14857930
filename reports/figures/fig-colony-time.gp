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
512 0.000231385
1024 0.00574845
2048 0.0496247
4096 0.152369
8192 0.558886
EOD
$t1 << EOD
512 0.000276843
1024 0.00120375
2048 0.00542644
4096 0.0227402
8192 0.0888599
EOD
$t2 << EOD
512 0.000161711
1024 0.000581537
2048 0.00252022
4096 0.0092008
8192 0.0364579
EOD
$t3 << EOD
512 0.000255731
1024 0.00097223
2048 0.00423179
4096 0.0196397
8192 0.109407
EOD
$t4 << EOD
512 0.000130094
1024 0.000417383
2048 0.00189841
4096 0.00653247
8192 0.0318894
EOD
$t5 << EOD
512 4.9254e-05
1024 4.6069e-05
2048 0.000144606
4096 0.000195392
8192 0.000465825
16384 0.00131086
65536 0.00541174
EOD
$t6 << EOD
512 0.0115482
1024 0.0809779
2048 1.1029
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000161711*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.9254e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.72)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.09)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.18)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.98)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.03)', \
  $t6 using 1:2 with linespoints pt 1 ps 1.4 lw 1.5 lc rgb '#7F3C8D' title 'eager (N^3.29)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
