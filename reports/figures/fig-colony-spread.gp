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
0 0.17343
1 0.169605
2 0.175864
3 0.168537
4 0.170855
5 0.173437
6 0.196303
7 0.173359
8 0.16959
9 0.180035
10 0.170498
11 0.172453
12 0.174972
13 0.175543
14 0.17072
15 0.173614
16 0.173195
17 0.17113
18 0.176858
19 0.17116
EOD
$s1 << EOD
0 0.205921
1 0.236905
2 0.184561
3 0.183765
4 0.179172
5 0.176549
6 0.175472
7 0.186126
8 0.180791
9 0.174131
10 0.175042
11 0.177834
12 0.178556
13 0.176949
14 0.175384
15 0.175569
16 0.179111
17 0.184355
18 0.171823
19 0.168526
EOD
$s2 << EOD
0 0.152064
1 0.0467727
2 0.049066
3 0.0475723
4 0.0460475
5 0.0454353
6 0.0457214
7 0.0447495
8 0.0474835
9 0.0452279
10 0.0452941
11 0.0458604
12 0.0457357
13 0.0451929
14 0.0468148
15 0.0452696
16 0.0444978
17 0.0452635
18 0.0444824
19 0.0431202
EOD
$s3 << EOD
0 0.0152647
1 0.0149577
2 0.0149753
3 0.0149498
4 0.0149727
5 0.0150234
6 0.0149316
7 0.0151587
8 0.0150032
9 0.0149613
10 0.015069
11 0.0152983
12 0.0150288
13 0.0149623
14 0.0164917
15 0.0165762
16 0.0170138
17 0.0174818
18 0.0149414
19 0.0150158
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
