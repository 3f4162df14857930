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
0 0.167075
1 0.173481
2 0.176498
3 0.180918
4 0.169455
5 0.175314
6 0.163797
7 0.166968
8 0.168253
9 0.170819
10 0.163004
11 0.160668
12 0.177307
13 0.178634
14 0.176673
15 0.171038
16 0.166738
17 0.166356
18 0.162682
19 0.164376
EOD
$s1 << EOD
0 0.163466
1 0.163146
2 0.162899
3 0.163618
4 0.165934
5 0.164007
6 0.16506
7 0.164242
8 0.163679
9 0.164777
10 0.173168
11 0.18406
12 0.171702
13 0.163653
14 0.164108
15 0.162858
16 0.167606
17 0.166171
18 0.161934
19 0.162353
EOD
$s2 << EOD
0 0.147316
1 0.0413388
2 0.0414496
3 0.0418776
4 0.0415562
5 0.0417452
6 0.0416747
7 0.044542
8 0.0425197
9 0.0427044
10 0.0422448
11 0.0417935
12 0.0413537
13 0.0414652
14 0.0416659
15 0.0417806
16 0.0418083
17 0.0412795
18 0.0421298
19 0.0421325
EOD
$s3 << EOD
0 0.0151016
1 0.0149519
2 0.0149986
3 0.0149317
4 0.0152446
5 0.0149803
6 0.0150637
7 0.0150043
8 0.014981
9 0.0154555
10 0.0149604
11 0.0149662
12 0.014942
13 0.01496
14 0.0149535
15 0.0149154
16 0.0149555
17 0.0149287
18 0.0151347
19 0.0149623
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
