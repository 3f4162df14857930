# fig-interp-time: interp: median time against N (M fixed)
# written by reports/report; redraw with `gnuplot fig-interp-time.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-time.svg'
set title "interp: median time against N (M fixed)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (evaluation points)'
set ylabel 'median time per run (s)'
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format x '%.0e'
$t0 << EOD
10000 0.214629 0.208581 0.23114
30000 0.631279 0.621668 0.635028
100000 2.02312 2.0222 2.03387
1000000 54.1871 54.1871 54.1871
EOD
$t1 << EOD
10000 0.0147107 0.0141058 0.0224507
30000 0.0425726 0.0394235 0.0429939
100000 0.132034 0.129439 0.142264
1000000 1.36021 1.2984 1.42958
EOD
$t2 << EOD
10000 0.00769051 0.00767979 0.012767
30000 0.022752 0.0215579 0.030897
100000 0.0653108 0.0651384 0.0663119
1000000 0.651639 0.636438 0.664924
EOD
$t3 << EOD
10000 0.0148678 0.014719 0.0161013
30000 0.0301733 0.030068 0.0391237
100000 0.0823289 0.0815802 0.0828051
1000000 0.80935 0.766587 0.852653
EOD
$t4 << EOD
10000 0.00986382 0.00816781 0.011951
30000 0.0192017 0.0173657 0.02088
100000 0.0649285 0.0483276 0.0679902
1000000 0.494932 0.452192 0.558115
EOD
$t5 << EOD
10000 0.00149469 0.00142811 0.00168856
30000 0.00265192 0.00260337 0.00265505
100000 0.0067724 0.00658526 0.00694997
1000000 0.0638254 0.0601333 0.0782587
EOD
$t6 << EOD
10000 0.00110242 0.00102674 0.00116274
30000 0.00142092 0.0012736 0.00155355
100000 0.00217362 0.00211261 0.00225798
1000000 0.0175281 0.0159998 0.0241205
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0147107*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
  $t1 using 1:2:3:4 with yerrorlines pt 4 ps 1.3 lw 1.5 lc rgb '#E69F00' title 'materialized', \
  $t2 using 1:2:3:4 with yerrorlines pt 8 ps 1.3 lw 1.5 lc rgb '#009E73' title 'fused', \
  $t3 using 1:2:3:4 with yerrorlines pt 10 ps 1.3 lw 1.5 lc rgb '#CC79A7' title 'chunked', \
  $t4 using 1:2:3:4 with yerrorlines pt 12 ps 1.3 lw 1.5 lc rgb '#56B4E9' title 'tiled', \
  $t5 using 1:2:3:4 with yerrorlines pt 14 ps 1.3 lw 1.5 lc rgb '#8C6D31' title 'hoisted', \
  $t6 using 1:2:3:4 with yerrorlines pt 1 ps 1.3 lw 1.5 lc rgb '#7F3C8D' title 'sorted'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-time.png'
replot
set output
