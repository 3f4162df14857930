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
0 0.165043
1 0.170684
2 0.173981
3 0.172172
4 0.166579
5 0.166659
6 0.168472
7 0.170287
8 0.174958
9 0.167984
10 0.173761
11 0.163879
12 0.167763
13 0.167795
14 0.166552
15 0.170513
16 0.172975
17 0.16465
18 0.165947
19 0.165307
EOD
$s1 << EOD
0 0.173108
1 0.171933
2 0.175995
3 0.172271
4 0.173185
5 0.172788
6 0.166412
7 0.169902
8 0.174684
9 0.171245
10 0.168501
11 0.171151
12 0.171379
13 0.200205
14 0.17253
15 0.187048
16 0.168209
17 0.180312
18 0.168648
19 0.168232
EOD
$s2 << EOD
0 0.145547
1 0.0403556
2 0.040342
3 0.0407145
4 0.0414869
5 0.0410447
6 0.0406285
7 0.0411825
8 0.0411108
9 0.0407538
10 0.0408328
11 0.0408193
12 0.0398196
13 0.0400336
14 0.0399685
15 0.0401838
16 0.0434105
17 0.0405538
18 0.0403499
19 0.0433391
EOD
$s3 << EOD
0 0.015483
1 0.0150641
2 0.0150129
3 0.0149989
4 0.0149537
5 0.0150337
6 0.0149563
7 0.0150049
8 0.0149288
9 0.0149349
10 0.0149966
11 0.0149785
12 0.0149911
13 0.0149873
14 0.0151007
15 0.0149781
16 0.0151857
17 0.0152552
18 0.0152091
19 0.0167935
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
