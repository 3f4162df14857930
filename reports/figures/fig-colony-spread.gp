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
0 0.151873
1 0.145555
2 0.160967
3 0.157428
4 0.14541
5 0.143992
6 0.163946
7 0.145529
8 0.148075
9 0.144432
10 0.149258
11 0.143247
12 0.146779
13 0.148661
14 0.145737
15 0.147243
16 0.152647
17 0.144536
18 0.140714
19 0.148283
EOD
$s1 << EOD
0 0.151349
1 0.159595
2 0.154596
3 0.149129
4 0.147722
5 0.147236
6 0.146971
7 0.146795
8 0.150733
9 0.14742
10 0.149054
11 0.157524
12 0.14898
13 0.151419
14 0.151573
15 0.155361
16 0.152917
17 0.160523
18 0.165591
19 0.151851
EOD
$s2 << EOD
0 0.124214
1 0.0202161
2 0.0196077
3 0.0196754
4 0.0195914
5 0.0197381
6 0.0197508
7 0.0196465
8 0.019806
9 0.0200482
10 0.0199242
11 0.019704
12 0.0195589
13 0.0198093
14 0.020062
15 0.0198458
16 0.0196592
17 0.0196628
18 0.020378
19 0.0208606
EOD
$s3 << EOD
0 0.00972402
1 0.0097152
2 0.00964676
3 0.00963641
4 0.00958854
5 0.0094363
6 0.0094315
7 0.00919313
8 0.00912557
9 0.00911867
10 0.00921901
11 0.00916185
12 0.00913066
13 0.0091529
14 0.00906072
15 0.00908544
16 0.00906776
17 0.00908037
18 0.00906282
19 0.00908407
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
