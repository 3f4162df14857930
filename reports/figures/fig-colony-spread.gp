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
0 0.135647
1 0.130766
2 0.127035
3 0.131587
4 0.133105
5 0.129094
6 0.124534
7 0.124949
8 0.132401
9 0.126567
10 0.125581
11 0.126502
12 0.132149
13 0.12746
14 0.125924
15 0.125014
16 0.134653
17 0.136026
18 0.128884
19 0.1281
EOD
$s1 << EOD
0 0.131547
1 0.131158
2 0.129279
3 0.129585
4 0.128397
5 0.130785
6 0.129964
7 0.139033
8 0.132286
9 0.133599
10 0.128375
11 0.126208
12 0.126849
13 0.131367
14 0.126289
15 0.131208
16 0.129198
17 0.131998
18 0.130666
19 0.128282
EOD
$s2 << EOD
0 0.110812
1 0.0193431
2 0.0197364
3 0.0191786
4 0.0191374
5 0.0192422
6 0.0248554
7 0.0206166
8 0.0204647
9 0.0197876
10 0.0194078
11 0.0194311
12 0.0192736
13 0.0195103
14 0.0199664
15 0.0191694
16 0.0192452
17 0.0195887
18 0.0191569
19 0.0191322
EOD
$s3 << EOD
0 0.00897721
1 0.00899341
2 0.0089352
3 0.00887671
4 0.00888076
5 0.00885751
6 0.00885479
7 0.00897408
8 0.00887879
9 0.0126727
10 0.00897697
11 0.00993277
12 0.00888999
13 0.00884868
14 0.00884444
15 0.00882319
16 0.00883588
17 0.00883267
18 0.00889674
19 0.00904268
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
