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
0 0.14916
1 0.162698
2 0.140969
3 0.140502
4 0.140129
5 0.140145
6 0.14133
7 0.144175
8 0.1808
9 0.141052
10 0.140107
11 0.141857
12 0.144837
13 0.142319
14 0.146985
15 0.151909
16 0.150445
17 0.149681
18 0.142807
19 0.139259
EOD
$s1 << EOD
0 0.158029
1 0.159919
2 0.155142
3 0.15499
4 0.152139
5 0.153481
6 0.152631
7 0.151208
8 0.151266
9 0.161309
10 0.153069
11 0.153331
12 0.158394
13 0.159031
14 0.154154
15 0.15054
16 0.153243
17 0.150798
18 0.149117
19 0.148173
EOD
$s2 << EOD
0 0.128264
1 0.0215779
2 0.0222049
3 0.021545
4 0.0216808
5 0.0214431
6 0.0226737
7 0.0217321
8 0.0217376
9 0.0225283
10 0.0219835
11 0.0215936
12 0.0218159
13 0.0219586
14 0.021844
15 0.02207
16 0.0224293
17 0.0220981
18 0.0224687
19 0.0220147
EOD
$s3 << EOD
0 0.00931737
1 0.00929417
2 0.00928331
3 0.00915663
4 0.00912422
5 0.00913492
6 0.0090971
7 0.00901811
8 0.00913517
9 0.00904633
10 0.0089735
11 0.00900788
12 0.00908456
13 0.00920058
14 0.00911795
15 0.00909728
16 0.00912995
17 0.00899433
18 0.00903322
19 0.00905514
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
