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
0 0.147456
1 0.142627
2 0.144113
3 0.140045
4 0.13929
5 0.139453
6 0.14117
7 0.140467
8 0.139152
9 0.141288
10 0.138465
11 0.13965
12 0.139522
13 0.139107
14 0.139928
15 0.140178
16 0.137738
17 0.136924
18 0.137185
19 0.136832
EOD
$s1 << EOD
0 0.151251
1 0.149458
2 0.145005
3 0.144024
4 0.143476
5 0.144219
6 0.14489
7 0.143051
8 0.146859
9 0.144351
10 0.141956
11 0.142793
12 0.143465
13 0.142406
14 0.142727
15 0.145388
16 0.143374
17 0.143012
18 0.143441
19 0.145654
EOD
$s2 << EOD
0 0.12006
1 0.0331789
2 0.0324785
3 0.032437
4 0.0341796
5 0.0335198
6 0.0400893
7 0.0376731
8 0.033326
9 0.0335596
10 0.0326438
11 0.0321762
12 0.0321793
13 0.0321939
14 0.0320084
15 0.0325352
16 0.032326
17 0.0320586
18 0.0324839
19 0.0325721
EOD
$s3 << EOD
0 0.0247067
1 0.024624
2 0.0246282
3 0.0244211
4 0.0244624
5 0.0245388
6 0.0246298
7 0.0245543
8 0.0245694
9 0.0245151
10 0.0245488
11 0.0245171
12 0.0243363
13 0.0243463
14 0.0243754
15 0.0241817
16 0.0241751
17 0.0244776
18 0.0241335
19 0.0242309
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
