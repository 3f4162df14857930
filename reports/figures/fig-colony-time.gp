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
$t0 << EOD
512 0.000474944
1024 0.0066281
2048 0.0426856
4096 0.167871
8192 0.664179
EOD
$t1 << EOD
512 0.000504634
1024 0.00243475
2048 0.0105349
4096 0.0384738
8192 0.149325
EOD
$t2 << EOD
512 0.000443423
1024 0.00173662
2048 0.00686215
4096 0.0272058
8192 0.105506
EOD
$t3 << EOD
512 0.00049226
1024 0.00200339
2048 0.00787854
4096 0.038762
8192 0.159206
EOD
$t4 << EOD
512 0.000331494
1024 0.00101643
2048 0.00361614
4096 0.0131843
8192 0.0489489
EOD
$t5 << EOD
1024 0.000560832
4096 0.00219561
8192 0.00434405
16384 0.00877038
65536 0.0369148
EOD
plot $t0 using 1:2 with linespoints pt 7 lc 1 title 'naive (N^2.56)', \
  $t1 using 1:2 with linespoints pt 7 lc 2 title 'naive-reuse (N^2.04)', \
  $t2 using 1:2 with linespoints pt 7 lc 3 title 'fused (N^1.98)', \
  $t3 using 1:2 with linespoints pt 7 lc 4 title 'chunked (N^2.09)', \
  $t4 using 1:2 with linespoints pt 7 lc 5 title 'tiled (N^1.81)', \
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
