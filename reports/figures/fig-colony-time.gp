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
512 0.000365743
1024 0.00550066
2048 0.0395149
4096 0.158934
8192 0.656773
EOD
$t1 << EOD
512 0.000379218
1024 0.00154922
2048 0.00935445
4096 0.0385342
8192 0.152201
EOD
$t2 << EOD
512 0.000257212
1024 0.000970686
2048 0.00384208
4096 0.0151294
8192 0.0593932
EOD
$t3 << EOD
512 0.000357245
1024 0.00143183
2048 0.00584842
4096 0.0282484
8192 0.127074
EOD
$t4 << EOD
512 0.000194404
1024 0.000721331
2048 0.00280586
4096 0.0110639
8192 0.0428637
EOD
$t5 << EOD
512 3.6985e-05
1024 7.17415e-05
2048 0.000146703
4096 0.000301272
8192 0.00059963
16384 0.0011978
65536 0.00496793
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000257212*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 3.6985e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.65)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.19)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.13)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
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
