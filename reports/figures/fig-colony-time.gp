# fig-colony-time: colony: time per step against N
# written by harness report; redraw with `gnuplot fig-colony-time.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-colony-time.svg'
set title "colony: time per step against N" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (bacteria)'
set ylabel 'median time per step (s)'
$t0 << EOD
512 0.000457804
1024 0.00529779
2048 0.039483
4096 0.1573
8192 0.623698
EOD
$t1 << EOD
512 0.000453943
1024 0.00212995
2048 0.00909484
4096 0.0367404
8192 0.142345
EOD
$t2 << EOD
512 0.000451264
1024 0.00189059
2048 0.00740315
4096 0.03713
8192 0.147234
EOD
$t3 << EOD
512 0.000408425
1024 0.00166539
2048 0.00659533
4096 0.0276156
8192 0.102979
EOD
$t4 << EOD
512 0.000270895
1024 0.000956328
2048 0.00336241
4096 0.0127623
8192 0.0484202
EOD
$t5 << EOD
1024 0.00052919
4096 0.00210385
16384 0.00826584
65536 0.0351321
EOD
plot $t0 using 1:2 with linespoints pt 7 lc 1 title 'naive (N^2.57)', \
  $t1 using 1:2 with linespoints pt 7 lc 2 title 'naive-reuse (N^2.07)', \
  $t2 using 1:2 with linespoints pt 7 lc 3 title 'chunked (N^2.10)', \
  $t3 using 1:2 with linespoints pt 7 lc 4 title 'fused (N^2.00)', \
  $t4 using 1:2 with linespoints pt 7 lc 5 title 'tiled (N^1.87)', \
  $t5 using 1:2 with linespoints pt 7 lc 6 title 'cells (N^1.01)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
