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
0 0.158958
1 0.159842
2 0.159714
3 0.150455
4 0.152566
5 0.172075
6 0.159312
7 0.155133
8 0.159535
9 0.163383
10 0.162197
11 0.159696
12 0.160797
13 0.160186
14 0.191853
15 0.199086
16 0.200697
17 0.163692
18 0.175634
19 0.15451
EOD
$s1 << EOD
0 0.19845
1 0.191983
2 0.200766
3 0.188056
4 0.15871
5 0.163002
6 0.159783
7 0.158498
8 0.158537
9 0.177928
10 0.160321
11 0.161716
12 0.162003
13 0.15694
14 0.161745
15 0.182691
16 0.178383
17 0.162192
18 0.157016
19 0.1575
EOD
$s2 << EOD
0 0.163314
1 0.0326338
2 0.0279967
3 0.0262051
4 0.0250794
5 0.0265051
6 0.0243494
7 0.0260295
8 0.0259923
9 0.0263597
10 0.0252665
11 0.0250596
12 0.0250116
13 0.0256793
14 0.0260869
15 0.0266157
16 0.0251527
17 0.0294175
18 0.0273093
19 0.0501301
EOD
$s3 << EOD
0 0.0123721
1 0.00990146
2 0.00972027
3 0.00997876
4 0.00998666
5 0.00992489
6 0.00983004
7 0.0099199
8 0.00965696
9 0.00975527
10 0.00975354
11 0.00979984
12 0.00977571
13 0.00967558
14 0.00974193
15 0.00983197
16 0.0098696
17 0.00986466
18 0.00989501
19 0.00983326
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
