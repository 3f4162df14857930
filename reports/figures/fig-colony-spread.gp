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
0 0.14935
1 0.149708
2 0.148217
3 0.149273
4 0.149624
5 0.153806
6 0.148146
7 0.148804
8 0.148539
9 0.148252
10 0.14943
11 0.149702
12 0.150263
13 0.148121
14 0.1499
15 0.149255
16 0.149795
17 0.149716
18 0.152536
19 0.149334
EOD
$s1 << EOD
0 0.153268
1 0.150435
2 0.153753
3 0.150686
4 0.15171
5 0.152513
6 0.151563
7 0.151911
8 0.15222
9 0.152968
10 0.151268
11 0.152146
12 0.152285
13 0.152017
14 0.151455
15 0.154824
16 0.151239
17 0.151314
18 0.151371
19 0.15206
EOD
$s2 << EOD
0 0.135931
1 0.047427
2 0.0455161
3 0.0448593
4 0.0447677
5 0.0444255
6 0.0443792
7 0.0441861
8 0.043897
9 0.0436475
10 0.0439447
11 0.0438208
12 0.0438109
13 0.0443995
14 0.0442355
15 0.044366
16 0.0438469
17 0.0437159
18 0.0434517
19 0.0432175
EOD
$s3 << EOD
0 0.0164947
1 0.0159247
2 0.0159525
3 0.0159924
4 0.0158541
5 0.0158043
6 0.0160591
7 0.0157602
8 0.0161605
9 0.0161888
10 0.0161356
11 0.0161767
12 0.0161432
13 0.0160756
14 0.0161714
15 0.0162179
16 0.0161858
17 0.0161944
18 0.0161304
19 0.0162133
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
