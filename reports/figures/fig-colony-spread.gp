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
0 0.146986
1 0.149535
2 0.149438
3 0.149402
4 0.152163
5 0.146084
6 0.146992
7 0.14532
8 0.145456
9 0.146348
10 0.149589
11 0.150161
12 0.146868
13 0.146197
14 0.146371
15 0.146465
16 0.147247
17 0.149119
18 0.147729
19 0.147314
EOD
$s1 << EOD
0 0.150527
1 0.15465
2 0.15292
3 0.151795
4 0.150601
5 0.150469
6 0.149892
7 0.151645
8 0.152734
9 0.148979
10 0.148581
11 0.149258
12 0.149823
13 0.148888
14 0.153628
15 0.149053
16 0.14962
17 0.165745
18 0.174424
19 0.153399
EOD
$s2 << EOD
0 0.13648
1 0.047565
2 0.0463644
3 0.0460022
4 0.045286
5 0.0461393
6 0.0460629
7 0.0461691
8 0.0461537
9 0.0465601
10 0.0466113
11 0.0466158
12 0.0464469
13 0.0469345
14 0.0466642
15 0.0502143
16 0.0471917
17 0.0469083
18 0.0465268
19 0.0470276
EOD
$s3 << EOD
0 0.0168572
1 0.0163311
2 0.0163088
3 0.0163003
4 0.0163929
5 0.0162846
6 0.0163356
7 0.016426
8 0.0162703
9 0.0163609
10 0.0163294
11 0.0166935
12 0.0171038
13 0.0166695
14 0.0167316
15 0.0166045
16 0.016321
17 0.0165576
18 0.0167157
19 0.0165065
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
