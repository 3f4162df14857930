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
0 0.169947
1 0.157123
2 0.154128
3 0.154609
4 0.15141
5 0.15436
6 0.158318
7 0.15548
8 0.155609
9 0.154042
10 0.154949
11 0.152453
12 0.150183
13 0.15847
14 0.152934
15 0.153127
16 0.152328
17 0.151223
18 0.153046
19 0.152561
EOD
$s1 << EOD
0 0.161243
1 0.157204
2 0.156631
3 0.158257
4 0.15378
5 0.155026
6 0.152358
7 0.151418
8 0.15316
9 0.163185
10 0.159407
11 0.155839
12 0.157768
13 0.158656
14 0.155617
15 0.155131
16 0.157614
17 0.157312
18 0.153502
19 0.153428
EOD
$s2 << EOD
0 0.143082
1 0.048188
2 0.0472533
3 0.0459513
4 0.0456804
5 0.0455099
6 0.046959
7 0.045051
8 0.0447181
9 0.0446293
10 0.045739
11 0.0450249
12 0.0447147
13 0.0452489
14 0.0448037
15 0.0451991
16 0.0442656
17 0.0447483
18 0.0445877
19 0.0446378
EOD
$s3 << EOD
0 0.017979
1 0.0172119
2 0.0173446
3 0.0172299
4 0.0173543
5 0.0172449
6 0.0174388
7 0.0173544
8 0.0173724
9 0.0172699
10 0.0172148
11 0.0172995
12 0.0172702
13 0.0172081
14 0.0173061
15 0.0172425
16 0.0171856
17 0.0171926
18 0.0172465
19 0.0171661
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
