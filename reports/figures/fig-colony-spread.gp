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
0 0.145731
1 0.147303
2 0.141291
3 0.145941
4 0.142723
5 0.141528
6 0.143463
7 0.144167
8 0.145703
9 0.139638
10 0.137569
11 0.139812
12 0.140826
13 0.139797
14 0.138873
15 0.143871
16 0.140968
17 0.141801
18 0.13984
19 0.140599
EOD
$s1 << EOD
0 0.148347
1 0.149859
2 0.150782
3 0.152035
4 0.150847
5 0.152313
6 0.154024
7 0.148889
8 0.150284
9 0.15468
10 0.148666
11 0.149364
12 0.150115
13 0.150464
14 0.149332
15 0.15007
16 0.154954
17 0.150481
18 0.152538
19 0.152719
EOD
$s2 << EOD
0 0.119398
1 0.0209513
2 0.0196928
3 0.0199364
4 0.0195488
5 0.0194912
6 0.0202425
7 0.0267532
8 0.0279786
9 0.0286646
10 0.0284967
11 0.0289274
12 0.0284002
13 0.0284178
14 0.0286098
15 0.0286052
16 0.0285047
17 0.0286112
18 0.0289011
19 0.0283967
EOD
$s3 << EOD
0 0.00999963
1 0.00994262
2 0.00992275
3 0.00978082
4 0.00969951
5 0.00984418
6 0.00947971
7 0.00912994
8 0.00906675
9 0.0088985
10 0.00896767
11 0.00894781
12 0.00902568
13 0.00901383
14 0.00899926
15 0.00897681
16 0.00896118
17 0.00892726
18 0.00906227
19 0.00905534
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
