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
512 0.000476993
1024 0.00631032
2048 0.0397791
4096 0.159433
8192 0.650179
EOD
$t1 << EOD
512 0.000478034
1024 0.00208629
2048 0.0091271
4096 0.0369089
8192 0.153018
EOD
$t2 << EOD
512 0.000485345
1024 0.00192952
2048 0.00773681
4096 0.0363272
8192 0.162283
EOD
$t3 << EOD
512 0.000435901
1024 0.00168643
2048 0.00680757
4096 0.0268701
8192 0.114757
EOD
$t4 << EOD
512 0.00033439
1024 0.000994965
2048 0.00355964
4096 0.013025
8192 0.0531729
EOD
$t5 << EOD
1024 0.000574568
4096 0.00233524
8192 0.00469665
16384 0.00934192
65536 0.0382445
EOD
plot $t0 using 1:2 with linespoints pt 7 lc 1 title 'naive (N^2.55)', \
  $t1 using 1:2 with linespoints pt 7 lc 2 title 'naive-reuse (N^2.08)', \
  $t2 using 1:2 with linespoints pt 7 lc 3 title 'chunked (N^2.10)', \
  $t3 using 1:2 with linespoints pt 7 lc 4 title 'fused (N^2.01)', \
  $t4 using 1:2 with linespoints pt 7 lc 5 title 'tiled (N^1.83)', \
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
