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
0 0.146383
1 0.15631
2 0.151683
3 0.140806
4 0.142066
5 0.145485
6 0.140274
7 0.139757
8 0.143684
9 0.144487
10 0.138499
11 0.136884
12 0.142078
13 0.139993
14 0.141312
15 0.140344
16 0.140652
17 0.140318
18 0.14077
19 0.141891
EOD
$s1 << EOD
0 0.161582
1 0.164091
2 0.150928
3 0.15152
4 0.151658
5 0.151641
6 0.15105
7 0.157084
8 0.152274
9 0.151861
10 0.151467
11 0.151269
12 0.151216
13 0.150244
14 0.154237
15 0.148621
16 0.147845
17 0.147229
18 0.147038
19 0.146241
EOD
$s2 << EOD
0 0.131598
1 0.021045
2 0.0215925
3 0.0289642
4 0.0259469
5 0.0221122
6 0.0223893
7 0.0213744
8 0.0203795
9 0.0272696
10 0.0234396
11 0.0270482
12 0.0244394
13 0.0237711
14 0.0260099
15 0.027584
16 0.0216951
17 0.0211606
18 0.0214419
19 0.0213479
EOD
$s3 << EOD
0 0.0091537
1 0.00917877
2 0.00914201
3 0.00909434
4 0.0091307
5 0.00908872
6 0.0090673
7 0.00915352
8 0.00910373
9 0.00905213
10 0.00914338
11 0.00907883
12 0.00908997
13 0.00902874
14 0.00901729
15 0.00911155
16 0.00904462
17 0.00910343
18 0.00905777
19 0.00903705
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
