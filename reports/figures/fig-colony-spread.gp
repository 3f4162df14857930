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
0 0.25586
1 0.25614
2 0.255216
3 0.444707
4 0.311387
5 0.508785
6 0.272069
7 0.260564
8 0.254533
9 0.251077
10 0.252509
11 0.260104
12 0.299451
13 0.327295
14 0.278376
15 0.260103
16 0.295305
17 0.273067
18 0.268772
19 0.297106
EOD
$s1 << EOD
0 0.296773
1 0.278404
2 0.27286
3 0.333738
4 0.260987
5 0.264225
6 0.263071
7 0.360112
8 0.27362
9 0.274397
10 0.282838
11 0.276819
12 0.279145
13 0.277919
14 0.280359
15 0.273995
16 0.270547
17 0.275518
18 0.348529
19 0.437634
EOD
$s2 << EOD
0 0.387235
1 0.0845923
2 0.0719061
3 0.0698047
4 0.0682412
5 0.0816089
6 0.0836785
7 0.0825795
8 0.0827215
9 0.0851559
10 0.0834254
11 0.0803368
12 0.0821878
13 0.0807207
14 0.0852881
15 0.0784635
16 0.0741394
17 0.0773281
18 0.0752454
19 0.0800091
EOD
$s3 << EOD
0 0.0384454
1 0.0387496
2 0.0367367
3 0.0413417
4 0.0376922
5 0.0378848
6 0.0386391
7 0.0370578
8 0.0400217
9 0.0369245
10 0.0360563
11 0.0350615
12 0.0353603
13 0.0351797
14 0.0344807
15 0.0352772
16 0.03564
17 0.0359968
18 0.0355896
19 0.0353424
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
