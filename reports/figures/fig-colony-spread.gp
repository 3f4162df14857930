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
0 0.165964
1 0.156148
2 0.155766
3 0.179939
4 0.170262
5 0.173589
6 0.163503
7 0.169395
8 0.171722
9 0.166689
10 0.182794
11 0.163028
12 0.154703
13 0.147233
14 0.151447
15 0.152621
16 0.153426
17 0.154514
18 0.15033
19 0.151281
EOD
$s1 << EOD
0 0.159959
1 0.161344
2 0.158672
3 0.158602
4 0.163341
5 0.161219
6 0.160768
7 0.162833
8 0.161231
9 0.161349
10 0.165151
11 0.16212
12 0.16218
13 0.160351
14 0.159408
15 0.160506
16 0.162084
17 0.158853
18 0.159583
19 0.160118
EOD
$s2 << EOD
0 0.12792
1 0.0210194
2 0.0204317
3 0.0201404
4 0.0207336
5 0.0207049
6 0.0207499
7 0.0206125
8 0.0206783
9 0.0207281
10 0.0207578
11 0.0203615
12 0.0204498
13 0.0203142
14 0.0205251
15 0.0208587
16 0.0207182
17 0.020714
18 0.02069
19 0.0205592
EOD
$s3 << EOD
0 0.00983288
1 0.00973492
2 0.00975304
3 0.00966311
4 0.00966729
5 0.00962708
6 0.00955196
7 0.00947144
8 0.00961435
9 0.00954482
10 0.00952482
11 0.00952679
12 0.00954582
13 0.00963809
14 0.00959068
15 0.00958209
16 0.00956909
17 0.00947754
18 0.00960692
19 0.00955684
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
