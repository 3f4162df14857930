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
0 0.135732
1 0.138329
2 0.140473
3 0.138931
4 0.134851
5 0.135665
6 0.133984
7 0.134698
8 0.132727
9 0.138427
10 0.132436
11 0.133411
12 0.133713
13 0.135268
14 0.133018
15 0.132415
16 0.137087
17 0.132575
18 0.131043
19 0.136239
EOD
$s1 << EOD
0 0.136912
1 0.131824
2 0.132035
3 0.135162
4 0.134508
5 0.133792
6 0.136931
7 0.135012
8 0.136166
9 0.143475
10 0.146448
11 0.13572
12 0.13329
13 0.137826
14 0.13234
15 0.12988
16 0.131714
17 0.130062
18 0.136405
19 0.140932
EOD
$s2 << EOD
0 0.115724
1 0.02074
2 0.0187386
3 0.0185877
4 0.0190103
5 0.0186346
6 0.0186172
7 0.0188659
8 0.0189089
9 0.018764
10 0.0186199
11 0.0188027
12 0.0185019
13 0.0183277
14 0.0182801
15 0.0182432
16 0.0183158
17 0.0188945
18 0.0183244
19 0.0181641
EOD
$s3 << EOD
0 0.00830716
1 0.00816704
2 0.00849508
3 0.00819357
4 0.00821354
5 0.00813272
6 0.00807822
7 0.00815755
8 0.00825974
9 0.00826344
10 0.00825358
11 0.00817786
12 0.00810024
13 0.00809202
14 0.0080521
15 0.00806873
16 0.00811962
17 0.00830408
18 0.00850165
19 0.00857117
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
