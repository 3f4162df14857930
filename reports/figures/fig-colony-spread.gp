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
0 0.160096
1 0.163183
2 0.16246
3 0.162706
4 0.176113
5 0.165352
6 0.167784
7 0.164375
8 0.164949
9 0.163917
10 0.200547
11 0.163135
12 0.15985
13 0.171495
14 0.162529
15 0.164628
16 0.167421
17 0.160749
18 0.159352
19 0.166784
EOD
$s1 << EOD
0 0.170706
1 0.165103
2 0.162704
3 0.16577
4 0.164098
5 0.164703
6 0.168465
7 0.167824
8 0.168343
9 0.163939
10 0.16435
11 0.166336
12 0.17002
13 0.169498
14 0.164066
15 0.16487
16 0.163996
17 0.162174
18 0.167279
19 0.162002
EOD
$s2 << EOD
0 0.139088
1 0.0388172
2 0.0384797
3 0.03894
4 0.0387489
5 0.0384384
6 0.0393639
7 0.0384158
8 0.0385467
9 0.0385107
10 0.0384251
11 0.0388254
12 0.0382156
13 0.0380657
14 0.0399548
15 0.0398909
16 0.0394527
17 0.0388453
18 0.0389933
19 0.0379441
EOD
$s3 << EOD
0 0.015167
1 0.0149581
2 0.0149691
3 0.0149465
4 0.0150035
5 0.0149854
6 0.0149424
7 0.0149528
8 0.0149623
9 0.0150052
10 0.0156647
11 0.0154571
12 0.0149671
13 0.0149405
14 0.015078
15 0.0149847
16 0.0149986
17 0.0149402
18 0.0149952
19 0.0149311
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
