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
0 0.271475
1 0.259536
2 0.255116
3 0.263484
4 0.264932
5 0.260798
6 0.259577
7 0.269171
8 0.255515
9 0.260323
10 0.258401
11 0.266542
12 0.26231
13 0.288756
14 0.266295
15 0.283668
16 0.384686
17 0.326069
18 0.28994
19 0.266868
EOD
$s1 << EOD
0 0.278231
1 0.269331
2 0.263302
3 0.241824
4 0.249038
5 0.252275
6 0.234164
7 0.248414
8 0.230914
9 0.287317
10 0.280138
11 0.212604
12 0.222751
13 0.265278
14 0.280058
15 0.26856
16 0.274267
17 0.265574
18 0.259206
19 0.255708
EOD
$s2 << EOD
0 0.238684
1 0.0746166
2 0.0687356
3 0.0680108
4 0.0657623
5 0.0657498
6 0.0653328
7 0.0664592
8 0.065817
9 0.0677288
10 0.0660661
11 0.06531
12 0.0661162
13 0.0658655
14 0.0663751
15 0.0665568
16 0.0647171
17 0.06638
18 0.0677106
19 0.0658632
EOD
$s3 << EOD
0 0.0349396
1 0.034741
2 0.0382132
3 0.0355447
4 0.0348395
5 0.0340764
6 0.0342901
7 0.0370702
8 0.0328611
9 0.0352558
10 0.0342587
11 0.0346792
12 0.0344176
13 0.0334088
14 0.033024
15 0.0329102
16 0.0322387
17 0.0320949
18 0.0345703
19 0.0342258
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
