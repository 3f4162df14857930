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
10000 0.19258 0.186608 0.198552
30000 0.637961 0.628932 0.646991
100000 1.97998 1.97181 1.98815
1000000 59.6548 59.6548 59.6548
EOD
$t1 << EOD
10000 0.0153192 0.0150479 0.0155905
30000 0.044798 0.0442627 0.0453333
100000 0.165973 0.146306 0.18564
1000000 1.5441 1.52592 1.55427
EOD
$t2 << EOD
10000 0.00898187 0.00896061 0.00900313
30000 0.025932 0.0259114 0.0259527
100000 0.0827414 0.0826636 0.0828191
1000000 0.857776 0.852888 0.858711
EOD
$t3 << EOD
10000 0.015196 0.0150314 0.0153605
30000 0.0342061 0.0338622 0.0345499
100000 0.0966627 0.0961986 0.0971268
1000000 0.943355 0.935409 0.968347
EOD
$t4 << EOD
10000 0.00448775 0.0044477 0.0045278
30000 0.0109245 0.0107568 0.0110922
100000 0.0335705 0.0335412 0.0335997
1000000 0.335292 0.334294 0.336991
EOD
$t5 << EOD
10000 0.00267601 0.00232918 0.00302283
30000 0.00542037 0.00531687 0.00552388
100000 0.0133819 0.0133505 0.0134132
1000000 0.12358 0.123194 0.125352
EOD
$t6 << EOD
10000 0.00246551 0.00236115 0.00256987
30000 0.0024639 0.00222367 0.00270413
100000 0.00413946 0.00398442 0.00429451
1000000 0.0219976 0.0213033 0.0244289
EOD
$t7 << EOD
10000 0.000757032 0.000727263 0.000786802
30000 0.000736446 0.000729109 0.000743782
100000 0.00102627 0.000918398 0.00113414
1000000 0.00349195 0.00333021 0.00421071
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0153192*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
  $t1 using 1:2:3:4 with yerrorlines pt 4 ps 1.3 lw 1.5 lc rgb '#E69F00' title 'materialized', \
  $t2 using 1:2:3:4 with yerrorlines pt 8 ps 1.3 lw 1.5 lc rgb '#009E73' title 'fused', \
  $t3 using 1:2:3:4 with yerrorlines pt 10 ps 1.3 lw 1.5 lc rgb '#CC79A7' title 'chunked', \
  $t4 using 1:2:3:4 with yerrorlines pt 12 ps 1.3 lw 1.5 lc rgb '#56B4E9' title 'tiled', \
  $t5 using 1:2:3:4 with yerrorlines pt 14 ps 1.3 lw 1.5 lc rgb '#8C6D31' title 'hoisted', \
  $t6 using 1:2:3:4 with yerrorlines pt 1 ps 1.3 lw 1.5 lc rgb '#7F3C8D' title 'sorted', \
  $t7 using 1:2:3:4 with yerrorlines pt 2 ps 1.3 lw 1.5 lc rgb '#999933' title 'gram'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-time.png'
replot
set output
