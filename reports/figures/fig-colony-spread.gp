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
0 0.276038
1 0.274967
2 0.274688
3 0.261947
4 0.270779
5 0.276058
6 0.26511
7 0.241467
8 0.269662
9 0.264387
10 0.266169
11 0.270554
12 0.271953
13 0.269971
14 0.27251
15 0.261032
16 0.264643
17 0.271464
18 0.267222
19 0.257929
EOD
$s1 << EOD
0 0.303488
1 0.308296
2 0.306575
3 0.299401
4 0.299664
5 0.294591
6 0.290413
7 0.299586
8 0.292749
9 0.280262
10 0.252329
11 0.296299
12 0.296837
13 0.295691
14 0.310645
15 0.30969
16 0.271811
17 0.359962
18 0.29269
19 0.31614
EOD
$s2 << EOD
0 0.274623
1 0.0726299
2 0.0747878
3 0.0719269
4 0.0711739
5 0.0730559
6 0.0946868
7 0.095157
8 0.0813141
9 0.0671706
10 0.0866178
11 0.0827627
12 0.0782483
13 0.0798363
14 0.0788981
15 0.0782614
16 0.0815868
17 0.083392
18 0.0813636
19 0.0827513
EOD
$s3 << EOD
0 0.0724672
1 0.0435081
2 0.0430206
3 0.0477105
4 0.0392486
5 0.0377717
6 0.0375202
7 0.0373264
8 0.0383924
9 0.0389333
10 0.0373703
11 0.0375057
12 0.036104
13 0.0374349
14 0.0362784
15 0.0362864
16 0.0368408
17 0.0462857
18 0.0380222
19 0.0376773
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
