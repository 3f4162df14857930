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
0 0.132977
1 0.128795
2 0.12961
3 0.13239
4 0.133475
5 0.134528
6 0.130884
7 0.129096
8 0.128841
9 0.131325
10 0.129234
11 0.13123
12 0.130257
13 0.13343
14 0.131991
15 0.131243
16 0.132001
17 0.131812
18 0.130759
19 0.130582
EOD
$s1 << EOD
0 0.136169
1 0.132334
2 0.133592
3 0.131856
4 0.132457
5 0.131653
6 0.132616
7 0.133174
8 0.132585
9 0.13125
10 0.131554
11 0.133278
12 0.133077
13 0.136851
14 0.136539
15 0.137545
16 0.136982
17 0.138639
18 0.13626
19 0.138338
EOD
$s2 << EOD
0 0.112306
1 0.0186986
2 0.0186339
3 0.0186268
4 0.0188977
5 0.0187111
6 0.0188767
7 0.0187778
8 0.0186247
9 0.0186099
10 0.0185599
11 0.0186095
12 0.0185347
13 0.0189003
14 0.018549
15 0.0186288
16 0.0186908
17 0.0185809
18 0.0186105
19 0.0186388
EOD
$s3 << EOD
0 0.00846284
1 0.0083086
2 0.00825906
3 0.00830301
4 0.00831444
5 0.00831428
6 0.00836424
7 0.00851185
8 0.00848931
9 0.00844725
10 0.00842171
11 0.00844645
12 0.008434
13 0.00845359
14 0.00845192
15 0.00844041
16 0.00847693
17 0.00842596
18 0.00839891
19 0.00847099
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
