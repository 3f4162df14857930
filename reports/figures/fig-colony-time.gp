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
512 0.000354206
1024 0.00700459
2048 0.0427921
4096 0.161635
8192 0.675902
EOD
$t1 << EOD
512 0.000397926
1024 0.0017474
2048 0.0100331
4096 0.0396714
8192 0.155208
EOD
$t2 << EOD
512 0.000250361
1024 0.00105794
2048 0.00384154
4096 0.0149726
8192 0.0604826
EOD
$t3 << EOD
512 0.000361151
1024 0.00145928
2048 0.0061167
4096 0.0274323
8192 0.146748
EOD
$t4 << EOD
512 0.000219295
1024 0.00072055
2048 0.00283489
4096 0.0109199
8192 0.0442174
EOD
$t5 << EOD
512 4.7726e-05
1024 0.000103914
2048 0.000188094
4096 0.000325458
8192 0.00062655
16384 0.00117137
65536 0.00492614
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000250361*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.7726e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.63)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.17)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.16)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.92)', \
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
