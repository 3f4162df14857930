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
0 0.170004
1 0.221442
2 0.174385
3 0.176386
4 0.174715
5 0.166105
6 0.165606
7 0.170949
8 0.189396
9 0.171215
10 0.197716
11 0.203898
12 0.181489
13 0.166528
14 0.190073
15 0.172901
16 0.182377
17 0.179982
18 0.177061
19 0.171906
EOD
$s1 << EOD
0 0.179003
1 0.175529
2 0.169221
3 0.167002
4 0.16528
5 0.16974
6 0.16687
7 0.167731
8 0.16674
9 0.166718
10 0.164244
11 0.171434
12 0.174118
13 0.169899
14 0.182915
15 0.170148
16 0.180814
17 0.170411
18 0.174983
19 0.170989
EOD
$s2 << EOD
0 0.162403
1 0.0441065
2 0.0419511
3 0.0411814
4 0.0418668
5 0.0416039
6 0.0420906
7 0.0421764
8 0.0422977
9 0.0469231
10 0.0412683
11 0.0438139
12 0.0430375
13 0.0414552
14 0.0408982
15 0.041435
16 0.0435851
17 0.0415419
18 0.0427823
19 0.042889
EOD
$s3 << EOD
0 0.0153697
1 0.0151228
2 0.0152081
3 0.0150025
4 0.0149295
5 0.014995
6 0.015041
7 0.0151757
8 0.0153951
9 0.0154257
10 0.0150343
11 0.0149925
12 0.0150962
13 0.0149391
14 0.0155583
15 0.0151271
16 0.0154042
17 0.0151829
18 0.0153219
19 0.0155408
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
