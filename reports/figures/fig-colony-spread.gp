# fig-colony-spread: colony: the time of every step of one run
# written by reports/report; redraw with `gnuplot fig-colony-spread.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-colony-spread.svg'
set title "colony: the time of every step of one run" noenhanced
set key outside right top noenhanced
set grid
set logscale y
set xlabel 'step of the run (0: the very first)'
set ylabel 'step time (s)'
$s0 << EOD
0 0.172761
1 0.200921
2 0.174494
3 0.168843
4 0.171842
5 0.17133
6 0.16571
7 0.176453
8 0.173276
9 0.176902
10 0.175941
11 0.170194
12 0.168475
13 0.168801
14 0.175063
15 0.173302
16 0.17476
17 0.172187
18 0.171248
19 0.168674
EOD
$s1 << EOD
0 0.166246
1 0.165285
2 0.196548
3 0.177066
4 0.169985
5 0.172296
6 0.16761
7 0.221439
8 0.171983
9 0.179066
10 0.210109
11 0.249758
12 0.254407
13 0.228648
14 0.206374
15 0.172241
16 0.191729
17 0.179618
18 0.172688
19 0.18079
EOD
$s2 << EOD
0 0.145586
1 0.0414025
2 0.0419444
3 0.0413572
4 0.0406257
5 0.0410071
6 0.0405282
7 0.0405151
8 0.0415542
9 0.0400137
10 0.0404864
11 0.041178
12 0.0421583
13 0.0406587
14 0.0414389
15 0.0413772
16 0.0409595
17 0.0408334
18 0.0412051
19 0.0410787
EOD
$s3 << EOD
0 0.0152126
1 0.0150025
2 0.015012
3 0.0149824
4 0.015026
5 0.0150479
6 0.0149588
7 0.0149935
8 0.0149962
9 0.0149599
10 0.015034
11 0.014993
12 0.0149459
13 0.0149954
14 0.0150108
15 0.0149749
16 0.0149485
17 0.0150166
18 0.015005
19 0.0149379
EOD
plot $s0 using 1:2 with linespoints pt 6 ps 0.8 lc rgb '#0072B2' title 'naive, jemalloc', \
  $s1 using 1:2 with linespoints pt 2 ps 0.8 lc rgb '#888888' title 'naive, glibc malloc', \
  $s2 using 1:2 with linespoints pt 4 ps 0.8 lc rgb '#E69F00' title 'naive-reuse, jemalloc', \
  $s3 using 1:2 with linespoints pt 8 ps 0.8 lc rgb '#009E73' title 'fused, jemalloc'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-spread.png'
replot
set output
