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
0 0.169579
1 0.160712
2 0.165911
3 0.157186
4 0.16364
5 0.155948
6 0.159127
7 0.157147
8 0.158341
9 0.157952
10 0.159553
11 0.160854
12 0.156894
13 0.156134
14 0.157349
15 0.159286
16 0.15594
17 0.157379
18 0.159399
19 0.167186
EOD
$s1 << EOD
0 0.186815
1 0.164435
2 0.158218
3 0.157496
4 0.157528
5 0.164334
6 0.161384
7 0.164516
8 0.166555
9 0.16571
10 0.166717
11 0.163963
12 0.164524
13 0.160949
14 0.164278
15 0.159016
16 0.165298
17 0.165149
18 0.163897
19 0.163619
EOD
$s2 << EOD
0 0.156575
1 0.0509778
2 0.0501098
3 0.0510646
4 0.0487175
5 0.0491212
6 0.0488277
7 0.0488223
8 0.0494488
9 0.0488002
10 0.0505541
11 0.0488244
12 0.0490486
13 0.0489799
14 0.0479347
15 0.0488335
16 0.0480203
17 0.048794
18 0.047519
19 0.0475038
EOD
$s3 << EOD
0 0.0198828
1 0.0195389
2 0.0191965
3 0.0190797
4 0.0190054
5 0.0189816
6 0.0191791
7 0.0189202
8 0.0188414
9 0.0184392
10 0.0185687
11 0.0187017
12 0.0185023
13 0.0184244
14 0.017837
15 0.0181152
16 0.0184128
17 0.0186531
18 0.0186275
19 0.0185714
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
