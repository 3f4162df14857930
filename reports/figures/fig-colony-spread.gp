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
0 0.144227
1 0.148796
2 0.143335
3 0.144352
4 0.145871
5 0.144895
6 0.143019
7 0.146691
8 0.145831
9 0.143654
10 0.144541
11 0.145579
12 0.144338
13 0.145207
14 0.147111
15 0.150058
16 0.147256
17 0.148322
18 0.147377
19 0.145543
EOD
$s1 << EOD
0 0.149189
1 0.147435
2 0.147424
3 0.148009
4 0.147044
5 0.148612
6 0.149362
7 0.146789
8 0.147933
9 0.146709
10 0.146804
11 0.147783
12 0.153503
13 0.147134
14 0.146401
15 0.14651
16 0.148152
17 0.146472
18 0.146594
19 0.152036
EOD
$s2 << EOD
0 0.134389
1 0.0447373
2 0.0438044
3 0.0431266
4 0.0428505
5 0.0423915
6 0.0421574
7 0.0415694
8 0.0415084
9 0.041894
10 0.0414781
11 0.0415701
12 0.0416028
13 0.0412923
14 0.0412678
15 0.0418642
16 0.0420154
17 0.0420721
18 0.0420476
19 0.0418517
EOD
$s3 << EOD
0 0.0170265
1 0.0168647
2 0.0169572
3 0.0167053
4 0.0170511
5 0.0178324
6 0.0176473
7 0.0176333
8 0.0174746
9 0.0175304
10 0.0175936
11 0.0172852
12 0.0175742
13 0.0176492
14 0.0182258
15 0.0176223
16 0.0172085
17 0.0172333
18 0.0171535
19 0.0171842
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
