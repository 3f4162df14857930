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
512 0.000454808
1024 0.00606169
2048 0.0372499
4096 0.148757
8192 0.597037
EOD
$t1 << EOD
512 0.000441709
1024 0.00245895
2048 0.0114103
4096 0.0465566
8192 0.170866
EOD
$t2 << EOD
512 0.000292074
1024 0.00113836
2048 0.0046318
4096 0.0177405
8192 0.0724712
EOD
$t3 << EOD
512 0.000355033
1024 0.00185025
2048 0.00791969
4096 0.034721
8192 0.144576
EOD
$t4 << EOD
512 0.000183353
1024 0.000733934
2048 0.0028744
4096 0.0109948
8192 0.0440687
EOD
$t5 << EOD
512 5.0725e-05
1024 6.8336e-05
2048 0.000141099
4096 0.000309495
8192 0.000527776
16384 0.00114961
65536 0.00498061
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000292074*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.0725e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.53)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.14)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.99)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.16)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.97)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.97)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
