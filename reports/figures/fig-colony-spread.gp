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
0 0.175577
1 0.180193
2 0.165799
3 0.164198
4 0.170198
5 0.17676
6 0.170707
7 0.171976
8 0.170681
9 0.166289
10 0.17116
11 0.168163
12 0.172245
13 0.168002
14 0.17321
15 0.164779
16 0.186275
17 0.166596
18 0.16539
19 0.165835
EOD
$s1 << EOD
0 0.16623
1 0.164518
2 0.174706
3 0.174968
4 0.178125
5 0.180564
6 0.174592
7 0.17676
8 0.177374
9 0.175989
10 0.170285
11 0.170519
12 0.168324
13 0.170551
14 0.17532
15 0.17454
16 0.17269
17 0.175816
18 0.194682
19 0.172519
EOD
$s2 << EOD
0 0.146083
1 0.0413478
2 0.0419463
3 0.0421849
4 0.0413102
5 0.0414958
6 0.0420485
7 0.0419826
8 0.0412499
9 0.0424326
10 0.041615
11 0.0414913
12 0.0415242
13 0.0411726
14 0.0415881
15 0.0417564
16 0.0423569
17 0.0436711
18 0.0440564
19 0.0425766
EOD
$s3 << EOD
0 0.0166245
1 0.0157528
2 0.0150786
3 0.0149652
4 0.0164476
5 0.0169323
6 0.0168885
7 0.0168763
8 0.0169153
9 0.0169445
10 0.0152956
11 0.0149961
12 0.0149783
13 0.0150638
14 0.01493
15 0.0150483
16 0.0149441
17 0.0153927
18 0.0149552
19 0.015014
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
