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
10000 0.222099 0.221249 0.222948
30000 0.629609 0.62414 0.635077
100000 2.04356 2.037 2.05012
1000000 48.6904 48.6904 48.6904
EOD
$t1 << EOD
10000 0.0160537 0.0159451 0.0161624
30000 0.047056 0.0466327 0.0474792
100000 0.158045 0.155973 0.160117
1000000 1.57017 1.56431 1.58034
EOD
$t2 << EOD
10000 0.00908453 0.00900577 0.00916328
30000 0.0258684 0.0251814 0.0265554
100000 0.0859029 0.0854975 0.0863082
1000000 0.844375 0.837221 0.852791
EOD
$t3 << EOD
10000 0.0155812 0.0152802 0.0158821
30000 0.0338655 0.0337316 0.0339994
100000 0.0992514 0.0992453 0.0992575
1000000 0.928531 0.91684 0.933124
EOD
$t4 << EOD
10000 0.00442183 0.00435973 0.00448393
30000 0.0110118 0.010858 0.0111656
100000 0.0345484 0.0344103 0.0346866
1000000 0.334559 0.333689 0.335024
EOD
$t5 << EOD
10000 0.00300762 0.00291513 0.0031001
30000 0.00537111 0.00516543 0.00557679
100000 0.0137325 0.0135727 0.0138924
1000000 0.122204 0.120956 0.124418
EOD
$t6 << EOD
10000 0.00248239 0.00243987 0.00252491
30000 0.0027336 0.00271875 0.00274845
100000 0.00445565 0.00432401 0.00458729
1000000 0.0209891 0.0205258 0.0224432
EOD
$t7 << EOD
10000 0.000841652 0.000827014 0.000856291
30000 0.00079065 0.000752129 0.000829172
100000 0.00100356 0.000990011 0.0010171
1000000 0.00333108 0.00311437 0.00338255
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0160537*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
