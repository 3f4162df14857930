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
0 0.178171
1 0.177934
2 0.178417
3 0.208752
4 0.174772
5 0.1738
6 0.17846
7 0.178481
8 0.186265
9 0.18511
10 0.199539
11 0.193475
12 0.187785
13 0.184365
14 0.197184
15 0.174201
16 0.186266
17 0.189901
18 0.170406
19 0.17305
EOD
$s1 << EOD
0 0.175739
1 0.185198
2 0.184273
3 0.195147
4 0.183893
5 0.17211
6 0.185138
7 0.175214
8 0.175651
9 0.184907
10 0.186276
11 0.191962
12 0.191183
13 0.176812
14 0.192837
15 0.17284
16 0.189838
17 0.177822
18 0.181519
19 0.202236
EOD
$s2 << EOD
0 0.14534
1 0.0464965
2 0.0502077
3 0.0434325
4 0.0454334
5 0.0468943
6 0.0476981
7 0.0418379
8 0.0401512
9 0.0405747
10 0.039975
11 0.0395465
12 0.0390848
13 0.0412188
14 0.0485794
15 0.0429726
16 0.0435851
17 0.0421334
18 0.0412909
19 0.0450525
EOD
$s3 << EOD
0 0.0151419
1 0.0150903
2 0.0152615
3 0.0150008
4 0.0151708
5 0.0155073
6 0.0155616
7 0.0152412
8 0.0155009
9 0.0149535
10 0.0152587
11 0.0154526
12 0.0149823
13 0.0152687
14 0.0154806
15 0.0152073
16 0.0150758
17 0.0151608
18 0.0150257
19 0.0150718
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
