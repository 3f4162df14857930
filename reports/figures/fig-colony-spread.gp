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
0 0.28652
1 0.287019
2 0.267843
3 0.265528
4 0.285863
5 0.30511
6 0.287376
7 0.294742
8 0.2617
9 0.263062
10 0.254771
11 0.301933
12 0.287942
13 0.279521
14 0.269796
15 0.26979
16 0.264782
17 0.270666
18 0.265223
19 0.257684
EOD
$s1 << EOD
0 0.283606
1 0.248263
2 0.212581
3 0.228582
4 0.265418
5 0.266109
6 0.206276
7 0.236202
8 0.262616
9 0.261898
10 0.257419
11 0.248515
12 0.241573
13 0.264503
14 0.25226
15 0.2514
16 0.257879
17 0.260969
18 0.253909
19 0.250497
EOD
$s2 << EOD
0 0.241534
1 0.0778418
2 0.0780775
3 0.0800421
4 0.074767
5 0.0763314
6 0.0681658
7 0.0692701
8 0.0691404
9 0.0709234
10 0.0734589
11 0.0781145
12 0.0772176
13 0.0746598
14 0.0806323
15 0.0719939
16 0.0691328
17 0.0824847
18 0.0747996
19 0.0790303
EOD
$s3 << EOD
0 0.0389617
1 0.0432069
2 0.0397382
3 0.0400962
4 0.0411882
5 0.0406865
6 0.0395636
7 0.0366463
8 0.0375426
9 0.0358591
10 0.034142
11 0.0341904
12 0.0340992
13 0.0347126
14 0.033899
15 0.0338325
16 0.0343327
17 0.0339911
18 0.0342154
19 0.036207
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
