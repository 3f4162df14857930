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
512 0.000560931
1024 0.00532047
2048 0.035772
4096 0.150184
8192 0.622354
EOD
$t1 << EOD
512 0.000497962
1024 0.00205199
2048 0.010261
4096 0.0448796
8192 0.174453
EOD
$t2 << EOD
512 0.000323618
1024 0.00115254
2048 0.00434585
4096 0.0183641
8192 0.0726749
EOD
$t3 << EOD
512 0.000416736
1024 0.00202046
2048 0.00748017
4096 0.0340014
8192 0.151292
EOD
$t4 << EOD
512 0.000184734
1024 0.000728265
2048 0.0026621
4096 0.0109869
8192 0.0449428
EOD
$t5 << EOD
512 5.8094e-05
1024 6.8527e-05
2048 0.000147295
4096 0.000262366
8192 0.000620962
16384 0.00123196
65536 0.0050963
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000323618*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.8094e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.51)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.14)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.11)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.98)', \
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
