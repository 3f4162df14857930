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
0 0.140001
1 0.145633
2 0.147533
3 0.147601
4 0.146134
5 0.144087
6 0.145013
7 0.140828
8 0.137856
9 0.145167
10 0.143744
11 0.142782
12 0.142491
13 0.143426
14 0.143398
15 0.139826
16 0.167126
17 0.197132
18 0.197202
19 0.182779
EOD
$s1 << EOD
0 0.152479
1 0.149927
2 0.149907
3 0.159072
4 0.155776
5 0.150696
6 0.15142
7 0.149316
8 0.152636
9 0.151282
10 0.155167
11 0.15465
12 0.153203
13 0.180913
14 0.140497
15 0.14146
16 0.143191
17 0.142802
18 0.138283
19 0.138958
EOD
$s2 << EOD
0 0.126287
1 0.0265602
2 0.0233633
3 0.0275565
4 0.0221175
5 0.0276067
6 0.0236348
7 0.0236054
8 0.0225821
9 0.0258497
10 0.0252783
11 0.0247379
12 0.0227137
13 0.0244304
14 0.0235228
15 0.0283188
16 0.0256718
17 0.0222081
18 0.0236029
19 0.0240176
EOD
$s3 << EOD
0 0.00951156
1 0.00986852
2 0.00939815
3 0.00948776
4 0.0133313
5 0.0103163
6 0.0102696
7 0.0103313
8 0.0104182
9 0.010446
10 0.0104379
11 0.0103213
12 0.0105205
13 0.0104172
14 0.00970385
15 0.00968446
16 0.00959451
17 0.00944173
18 0.00943253
19 0.00941239
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
