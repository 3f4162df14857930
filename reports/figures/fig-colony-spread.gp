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
0 0.160964
1 0.159701
2 0.158388
3 0.156831
4 0.16228
5 0.156838
6 0.15928
7 0.157745
8 0.163563
9 0.160609
10 0.160195
11 0.169793
12 0.158412
13 0.160293
14 0.170577
15 0.156782
16 0.160794
17 0.16044
18 0.160287
19 0.161927
EOD
$s1 << EOD
0 0.157199
1 0.157779
2 0.156211
3 0.156762
4 0.160111
5 0.158441
6 0.159084
7 0.157385
8 0.162953
9 0.163745
10 0.163788
11 0.161495
12 0.161396
13 0.159613
14 0.156579
15 0.168958
16 0.156489
17 0.15971
18 0.161633
19 0.159632
EOD
$s2 << EOD
0 0.143332
1 0.0398177
2 0.0400569
3 0.0396936
4 0.0403135
5 0.0404222
6 0.0415545
7 0.0414444
8 0.0401931
9 0.0404992
10 0.0409314
11 0.0403706
12 0.0400148
13 0.0398818
14 0.0396804
15 0.0403117
16 0.0397509
17 0.039559
18 0.03921
19 0.039454
EOD
$s3 << EOD
0 0.0151099
1 0.014965
2 0.014969
3 0.0149462
4 0.0150042
5 0.0149543
6 0.0154425
7 0.0149378
8 0.0149441
9 0.0150654
10 0.0149696
11 0.0149799
12 0.0149461
13 0.0149492
14 0.0150558
15 0.0149285
16 0.0149141
17 0.0149279
18 0.0149835
19 0.0149412
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
