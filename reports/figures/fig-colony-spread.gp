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
0 0.134556
1 0.135321
2 0.143607
3 0.135996
4 0.135238
5 0.135854
6 0.137799
7 0.1407
8 0.146714
9 0.146065
10 0.140191
11 0.136125
12 0.137216
13 0.135679
14 0.139002
15 0.140944
16 0.144889
17 0.136478
18 0.133118
19 0.135238
EOD
$s1 << EOD
0 0.144481
1 0.14308
2 0.147953
3 0.140657
4 0.139885
5 0.147204
6 0.149589
7 0.146601
8 0.145436
9 0.14212
10 0.142832
11 0.141313
12 0.14423
13 0.138344
14 0.140611
15 0.14562
16 0.149579
17 0.1464
18 0.145624
19 0.145035
EOD
$s2 << EOD
0 0.116894
1 0.0222568
2 0.0255818
3 0.0307279
4 0.0285697
5 0.0220139
6 0.0219725
7 0.0210923
8 0.0215283
9 0.0207811
10 0.0197503
11 0.0199542
12 0.020047
13 0.0201211
14 0.0200507
15 0.0209991
16 0.0242136
17 0.0230239
18 0.0224231
19 0.0212553
EOD
$s3 << EOD
0 0.0093115
1 0.00927731
2 0.00912743
3 0.00917972
4 0.00917104
5 0.0091172
6 0.00910407
7 0.00916321
8 0.00965996
9 0.00944837
10 0.00922557
11 0.00926132
12 0.00919045
13 0.00921273
14 0.00933862
15 0.00956782
16 0.00927284
17 0.009243
18 0.00922108
19 0.00911153
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
