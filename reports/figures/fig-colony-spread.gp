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
0 0.28461
1 0.267935
2 0.259704
3 0.267538
4 0.281423
5 0.280882
6 0.292665
7 0.254851
8 0.248306
9 0.259685
10 0.253802
11 0.261773
12 0.266594
13 0.282218
14 0.275489
15 0.253297
16 0.262329
17 0.25625
18 0.258974
19 0.27617
EOD
$s1 << EOD
0 0.256847
1 0.27927
2 0.26708
3 0.250387
4 0.260689
5 0.256758
6 0.252557
7 0.256417
8 0.255857
9 0.25937
10 0.258645
11 0.255966
12 0.254924
13 0.25594
14 0.252862
15 0.250173
16 0.24901
17 0.251288
18 0.254318
19 0.25823
EOD
$s2 << EOD
0 0.260054
1 0.108759
2 0.0984838
3 0.095377
4 0.096455
5 0.0956661
6 0.094662
7 0.0946279
8 0.0969524
9 0.0883189
10 0.0884863
11 0.0881872
12 0.08792
13 0.0885546
14 0.0880927
15 0.0883656
16 0.0895998
17 0.0901181
18 0.0887299
19 0.0888118
EOD
$s3 << EOD
0 0.0705857
1 0.0734416
2 0.0696836
3 0.0701733
4 0.0697739
5 0.0702512
6 0.0724832
7 0.0707932
8 0.0698903
9 0.0698768
10 0.0699714
11 0.0694577
12 0.069413
13 0.0693703
14 0.0702225
15 0.069365
16 0.0693395
17 0.0696336
18 0.0693887
19 0.0698705
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
