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
0 0.136444
1 0.134192
2 0.133197
3 0.132756
4 0.133051
5 0.131708
6 0.132361
7 0.134417
8 0.132957
9 0.132594
10 0.134542
11 0.134693
12 0.135132
13 0.133539
14 0.145818
15 0.135716
16 0.178883
17 0.135468
18 0.139052
19 0.137415
EOD
$s1 << EOD
0 0.141362
1 0.140913
2 0.14269
3 0.138659
4 0.138229
5 0.13969
6 0.141189
7 0.139519
8 0.140792
9 0.145719
10 0.149858
11 0.145208
12 0.139102
13 0.139566
14 0.140308
15 0.140393
16 0.145227
17 0.140307
18 0.147961
19 0.138716
EOD
$s2 << EOD
0 0.11836
1 0.0215101
2 0.0229834
3 0.0243741
4 0.0223284
5 0.0216047
6 0.0219917
7 0.0223882
8 0.02239
9 0.0226657
10 0.0233681
11 0.022884
12 0.0220631
13 0.0222728
14 0.0219042
15 0.0214573
16 0.0219032
17 0.0221066
18 0.021855
19 0.0217714
EOD
$s3 << EOD
0 0.0098484
1 0.00967707
2 0.00952823
3 0.00950963
4 0.00953853
5 0.00951819
6 0.00954696
7 0.00953673
8 0.00945564
9 0.00947994
10 0.0098449
11 0.00964774
12 0.00956157
13 0.00948604
14 0.00954717
15 0.00948473
16 0.00962673
17 0.00953198
18 0.00953775
19 0.00951263
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
