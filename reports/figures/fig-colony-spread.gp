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
0 0.162311
1 0.156796
2 0.159112
3 0.164129
4 0.162889
5 0.157376
6 0.158912
7 0.155355
8 0.156402
9 0.155772
10 0.154392
11 0.156621
12 0.153796
13 0.152866
14 0.153855
15 0.160001
16 0.156837
17 0.154848
18 0.15587
19 0.153962
EOD
$s1 << EOD
0 0.164586
1 0.157885
2 0.157667
3 0.163056
4 0.157034
5 0.156352
6 0.155828
7 0.157617
8 0.158132
9 0.156989
10 0.158175
11 0.157327
12 0.156427
13 0.152619
14 0.15661
15 0.155255
16 0.154484
17 0.155174
18 0.161851
19 0.15683
EOD
$s2 << EOD
0 0.144004
1 0.0455399
2 0.0447852
3 0.0448672
4 0.0444409
5 0.0457255
6 0.0463565
7 0.0464323
8 0.0449063
9 0.0445504
10 0.0439492
11 0.0434547
12 0.0442377
13 0.043978
14 0.044268
15 0.0440705
16 0.0453929
17 0.0462114
18 0.0431983
19 0.0431713
EOD
$s3 << EOD
0 0.0177851
1 0.017496
2 0.0179201
3 0.0176056
4 0.0175062
5 0.0177993
6 0.0179962
7 0.0176491
8 0.0176775
9 0.0178025
10 0.0178261
11 0.0173292
12 0.017601
13 0.0176382
14 0.0179022
15 0.0175497
16 0.0175187
17 0.0170277
18 0.0171199
19 0.0173689
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
