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
0 0.161734
1 0.161362
2 0.160835
3 0.160695
4 0.165974
5 0.162829
6 0.160811
7 0.15934
8 0.162108
9 0.16658
10 0.168433
11 0.166059
12 0.159585
13 0.164143
14 0.165621
15 0.163465
16 0.167803
17 0.1676
18 0.165136
19 0.164468
EOD
$s1 << EOD
0 0.16762
1 0.163604
2 0.167874
3 0.1674
4 0.167965
5 0.171056
6 0.169496
7 0.167634
8 0.170296
9 0.172001
10 0.168628
11 0.1692
12 0.170793
13 0.165833
14 0.169037
15 0.166402
16 0.164654
17 0.16252
18 0.166019
19 0.164982
EOD
$s2 << EOD
0 0.143081
1 0.0393744
2 0.0392722
3 0.0393167
4 0.0401781
5 0.0395019
6 0.0395651
7 0.0392398
8 0.0395446
9 0.0392895
10 0.0395271
11 0.0396871
12 0.0393941
13 0.0392608
14 0.0395804
15 0.0392964
16 0.0393226
17 0.0389513
18 0.0397068
19 0.0392528
EOD
$s3 << EOD
0 0.0151291
1 0.0149706
2 0.014976
3 0.0149704
4 0.0149464
5 0.0149919
6 0.0149224
7 0.0149534
8 0.0149804
9 0.0149406
10 0.0149057
11 0.0149432
12 0.0149321
13 0.0149452
14 0.0149112
15 0.0149078
16 0.0149072
17 0.0149155
18 0.0149085
19 0.0149288
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
