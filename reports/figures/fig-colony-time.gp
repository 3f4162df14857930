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
512 0.00036063
1024 0.00597489
2048 0.0494572
4096 0.202877
8192 0.759826
EOD
$t1 << EOD
512 0.00036379
1024 0.00176456
2048 0.0116061
4096 0.04809
8192 0.167028
EOD
$t2 << EOD
512 0.00025928
1024 0.000979514
2048 0.00420272
4096 0.0171739
8192 0.0629068
EOD
$t3 << EOD
512 0.000354597
1024 0.00148072
2048 0.00628814
4096 0.0393751
8192 0.161852
EOD
$t4 << EOD
512 0.000196441
1024 0.00074074
2048 0.00296126
4096 0.0115414
8192 0.0441183
EOD
$t5 << EOD
512 3.5027e-05
1024 8.38945e-05
2048 0.000152872
4096 0.000404436
8192 0.000631873
16384 0.00125366
65536 0.00537072
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00025928*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 3.5027e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.72)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.25)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^2.00)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.24)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.96)', \
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
