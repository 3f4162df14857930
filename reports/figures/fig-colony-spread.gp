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
0 0.155818
1 0.161753
2 0.208488
3 0.176127
4 0.158588
5 0.163921
6 0.156623
7 0.176181
8 0.160252
9 0.164912
10 0.160101
11 0.155768
12 0.157889
13 0.159336
14 0.161569
15 0.160064
16 0.154258
17 0.157336
18 0.156161
19 0.153464
EOD
$s1 << EOD
0 0.165728
1 0.157073
2 0.161331
3 0.16161
4 0.163957
5 0.163902
6 0.163516
7 0.158791
8 0.157669
9 0.162835
10 0.160137
11 0.157194
12 0.158623
13 0.159815
14 0.158348
15 0.159526
16 0.155764
17 0.155925
18 0.15521
19 0.154127
EOD
$s2 << EOD
0 0.158012
1 0.0318073
2 0.0321451
3 0.024437
4 0.0259909
5 0.0242663
6 0.0225255
7 0.0229076
8 0.0246718
9 0.0229251
10 0.0220626
11 0.0216676
12 0.0234447
13 0.021875
14 0.0217868
15 0.0219148
16 0.0216586
17 0.021387
18 0.0230698
19 0.022619
EOD
$s3 << EOD
0 0.0102698
1 0.0099167
2 0.00974162
3 0.00979175
4 0.00984793
5 0.00976303
6 0.00981882
7 0.00976248
8 0.00973238
9 0.0101063
10 0.0100821
11 0.00988965
12 0.00996781
13 0.00991732
14 0.00949247
15 0.00940936
16 0.0096792
17 0.00970336
18 0.00938798
19 0.00936646
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
