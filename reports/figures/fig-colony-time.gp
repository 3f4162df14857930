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
512 0.000313862
1024 0.00547412
2048 0.0394518
4096 0.160167
8192 0.628264
EOD
$t1 << EOD
512 0.000229437
1024 0.00146684
2048 0.00537769
4096 0.0245559
8192 0.111132
EOD
$t2 << EOD
512 0.000163248
1024 0.000625563
2048 0.00245382
4096 0.0101141
8192 0.039807
EOD
$t3 << EOD
512 0.000229913
1024 0.00101925
2048 0.00382193
4096 0.0201089
8192 0.0908306
EOD
$t4 << EOD
512 0.00015101
1024 0.000516329
2048 0.00190882
4096 0.00718578
8192 0.0294659
EOD
$t5 << EOD
512 5.73205e-05
1024 0.000120154
2048 0.000204244
4096 0.000413696
8192 0.000885746
16384 0.00162669
65536 0.00685354
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000163248*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.73205e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.68)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.19)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.99)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.16)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.90)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.98)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
