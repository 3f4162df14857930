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
0 0.154625
1 0.149824
2 0.148516
3 0.148284
4 0.148436
5 0.149385
6 0.152518
7 0.148121
8 0.150141
9 0.146271
10 0.14741
11 0.146427
12 0.146416
13 0.148802
14 0.147197
15 0.146601
16 0.14818
17 0.151484
18 0.150752
19 0.148489
EOD
$s1 << EOD
0 0.14975
1 0.149583
2 0.149365
3 0.148656
4 0.152166
5 0.15096
6 0.151471
7 0.150082
8 0.149835
9 0.149606
10 0.152973
11 0.150501
12 0.149873
13 0.149442
14 0.149544
15 0.149176
16 0.150155
17 0.15176
18 0.149894
19 0.14995
EOD
$s2 << EOD
0 0.138101
1 0.045095
2 0.0438686
3 0.0434099
4 0.043618
5 0.0441967
6 0.0428875
7 0.0432137
8 0.0439212
9 0.0435586
10 0.0435062
11 0.0436182
12 0.0430175
13 0.0435067
14 0.0431698
15 0.043128
16 0.0432811
17 0.0431526
18 0.0426118
19 0.0426969
EOD
$s3 << EOD
0 0.0180965
1 0.0175491
2 0.0174501
3 0.0170659
4 0.0169393
5 0.0173301
6 0.0174658
7 0.0171391
8 0.0170387
9 0.0172822
10 0.0174296
11 0.017095
12 0.0169227
13 0.0169431
14 0.0168897
15 0.0169839
16 0.0169849
17 0.0171103
18 0.0171075
19 0.0173379
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
