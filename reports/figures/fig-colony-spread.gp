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
0 0.251512
1 0.247166
2 0.243901
3 0.243724
4 0.245324
5 0.252538
6 0.247032
7 0.260634
8 0.255617
9 0.245911
10 0.242785
11 0.24545
12 0.248645
13 0.241818
14 0.24582
15 0.248458
16 0.25034
17 0.250942
18 0.244424
19 0.245781
EOD
$s1 << EOD
0 0.243884
1 0.245475
2 0.244838
3 0.246378
4 0.245842
5 0.259875
6 0.251437
7 0.256887
8 0.247128
9 0.252453
10 0.252924
11 0.254431
12 0.257465
13 0.252254
14 0.250502
15 0.252443
16 0.250803
17 0.250712
18 0.256691
19 0.25741
EOD
$s2 << EOD
0 0.22516
1 0.0895515
2 0.0893077
3 0.0886532
4 0.0881611
5 0.0881325
6 0.0887219
7 0.0996788
8 0.100189
9 0.100716
10 0.0920732
11 0.0885664
12 0.0888174
13 0.0892449
14 0.0915304
15 0.0894168
16 0.0889125
17 0.0882951
18 0.0895141
19 0.0880457
EOD
$s3 << EOD
0 0.070026
1 0.0695404
2 0.0695779
3 0.0696093
4 0.0709236
5 0.069731
6 0.0695854
7 0.0697598
8 0.0695922
9 0.0698758
10 0.0704358
11 0.0706567
12 0.0697551
13 0.0707169
14 0.0705948
15 0.0740308
16 0.0733526
17 0.0697581
18 0.069701
19 0.0693895
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
