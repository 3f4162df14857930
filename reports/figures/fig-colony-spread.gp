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
0 0.182888
1 0.166412
2 0.16806
3 0.178206
4 0.177372
5 0.216946
6 0.236278
7 0.177823
8 0.193824
9 0.179945
10 0.224618
11 0.224432
12 0.19179
13 0.176424
14 0.171691
15 0.184653
16 0.196267
17 0.195746
18 0.172598
19 0.179837
EOD
$s1 << EOD
0 0.229165
1 0.228326
2 0.234364
3 0.22793
4 0.21436
5 0.182178
6 0.169455
7 0.174863
8 0.164111
9 0.17586
10 0.208779
11 0.192251
12 0.175021
13 0.17973
14 0.19618
15 0.180502
16 0.180201
17 0.181922
18 0.193902
19 0.237778
EOD
$s2 << EOD
0 0.165545
1 0.0400879
2 0.0410006
3 0.0399693
4 0.0401331
5 0.0413622
6 0.0421257
7 0.0401134
8 0.0388036
9 0.0384626
10 0.0381953
11 0.0410215
12 0.0395125
13 0.0395705
14 0.0444385
15 0.0399211
16 0.0402522
17 0.0424943
18 0.040244
19 0.0427997
EOD
$s3 << EOD
0 0.0164322
1 0.0164309
2 0.0157457
3 0.0169778
4 0.0160458
5 0.01558
6 0.0163301
7 0.0163936
8 0.0165645
9 0.0170647
10 0.017392
11 0.0172176
12 0.0170911
13 0.0170674
14 0.0170591
15 0.017217
16 0.0166432
17 0.0155281
18 0.0152617
19 0.0155172
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
