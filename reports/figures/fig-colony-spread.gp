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
0 0.166042
1 0.154172
2 0.153234
3 0.152378
4 0.153863
5 0.151256
6 0.156583
7 0.153392
8 0.153752
9 0.15336
10 0.156065
11 0.154944
12 0.154579
13 0.157337
14 0.154868
15 0.154137
16 0.157438
17 0.156556
18 0.155494
19 0.158523
EOD
$s1 << EOD
0 0.159545
1 0.158556
2 0.160951
3 0.159839
4 0.159097
5 0.15934
6 0.159069
7 0.156499
8 0.160034
9 0.1587
10 0.158066
11 0.157536
12 0.158086
13 0.158658
14 0.157891
15 0.161492
16 0.159101
17 0.155647
18 0.15578
19 0.158235
EOD
$s2 << EOD
0 0.164042
1 0.0522239
2 0.0463747
3 0.0446706
4 0.044464
5 0.0442415
6 0.0441354
7 0.0441288
8 0.0446239
9 0.0440442
10 0.0440046
11 0.0442035
12 0.0441653
13 0.0440525
14 0.0439269
15 0.0440374
16 0.0441893
17 0.0447498
18 0.0443613
19 0.0439718
EOD
$s3 << EOD
0 0.0182126
1 0.0180702
2 0.0180265
3 0.0180507
4 0.0181097
5 0.0181062
6 0.0180635
7 0.0180102
8 0.0180119
9 0.0180179
10 0.0180431
11 0.0175747
12 0.0175081
13 0.0174266
14 0.0174287
15 0.0173219
16 0.0171687
17 0.0170291
18 0.0170394
19 0.0169757
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
