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
0 0.197696
1 0.168535
2 0.169241
3 0.173437
4 0.168942
5 0.175814
6 0.166134
7 0.169367
8 0.16613
9 0.167257
10 0.177869
11 0.181839
12 0.170501
13 0.175359
14 0.165591
15 0.165518
16 0.170406
17 0.176302
18 0.175065
19 0.166771
EOD
$s1 << EOD
0 0.214666
1 0.228364
2 0.176655
3 0.16255
4 0.165673
5 0.18105
6 0.173051
7 0.168941
8 0.166838
9 0.169522
10 0.169503
11 0.180951
12 0.169608
13 0.168282
14 0.165079
15 0.162843
16 0.164264
17 0.16873
18 0.168916
19 0.166073
EOD
$s2 << EOD
0 0.140073
1 0.0380604
2 0.0379323
3 0.037505
4 0.0372135
5 0.0376662
6 0.037155
7 0.037839
8 0.0389589
9 0.0379745
10 0.0387774
11 0.0398867
12 0.0392461
13 0.0396127
14 0.0388167
15 0.0392085
16 0.0401097
17 0.0377983
18 0.0385818
19 0.0379087
EOD
$s3 << EOD
0 0.0151214
1 0.0151684
2 0.0151311
3 0.0150593
4 0.0151
5 0.0150239
6 0.0149595
7 0.0149931
8 0.0150262
9 0.0150237
10 0.0149322
11 0.0149713
12 0.014937
13 0.0152711
14 0.0149302
15 0.0149622
16 0.0149542
17 0.0149349
18 0.0150734
19 0.0149858
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
