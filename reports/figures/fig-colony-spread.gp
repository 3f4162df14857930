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
0 0.263204
1 0.253225
2 0.258479
3 0.26348
4 0.27283
5 0.223988
6 0.237382
7 0.224114
8 0.222022
9 0.240655
10 0.225733
11 0.207852
12 0.228457
13 0.219326
14 0.231401
15 0.257539
16 0.266034
17 0.23269
18 0.213067
19 0.214181
EOD
$s1 << EOD
0 0.217112
1 0.213223
2 0.202109
3 0.207714
4 0.208396
5 0.22681
6 0.228893
7 0.239625
8 0.22347
9 0.221877
10 0.19866
11 0.214841
12 0.195555
13 0.206181
14 0.29062
15 0.252686
16 0.248525
17 0.204573
18 0.245944
19 0.261472
EOD
$s2 << EOD
0 0.214609
1 0.0619578
2 0.0629711
3 0.0638163
4 0.0633334
5 0.0628094
6 0.0627041
7 0.0646581
8 0.0630496
9 0.0624109
10 0.0622849
11 0.0619426
12 0.0628056
13 0.0624847
14 0.0631515
15 0.0624206
16 0.0631231
17 0.0636889
18 0.0640555
19 0.064315
EOD
$s3 << EOD
0 0.0350032
1 0.0345328
2 0.0345028
3 0.0370491
4 0.0338176
5 0.0337888
6 0.0341455
7 0.0344928
8 0.0338922
9 0.0344656
10 0.0352943
11 0.0297134
12 0.0306841
13 0.029181
14 0.033676
15 0.033861
16 0.0285687
17 0.0280635
18 0.0282407
19 0.0282332
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
