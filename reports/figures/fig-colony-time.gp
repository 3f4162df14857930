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
512 0.00160806
1024 0.0136633
2048 0.0672929
4096 0.256338
8192 1.10396
EOD
$t1 << EOD
512 0.00151217
1024 0.00718345
2048 0.0226021
4096 0.0988675
8192 0.365463
EOD
$t2 << EOD
512 0.0013896
1024 0.00521253
2048 0.0187967
4096 0.0714
8192 0.299561
EOD
$t3 << EOD
512 0.00164086
1024 0.00590812
2048 0.0235441
4096 0.0979732
8192 0.394974
EOD
$t4 << EOD
512 0.000828735
1024 0.00269355
2048 0.00915874
4096 0.0350843
8192 0.13692
EOD
$t5 << EOD
1024 0.000740754
4096 0.00286766
8192 0.00578791
16384 0.0117114
65536 0.0483723
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.0013896*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 853.333 && x <= 78643.2) ? 0.000740754*(x/1024)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.31)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^1.96)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.93)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^1.99)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.84)', \
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
