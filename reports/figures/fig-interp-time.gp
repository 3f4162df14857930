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
10000 0.194228 0.193206 0.197003
30000 0.574013 0.573664 0.590535
100000 2.03674 1.98394 2.05808
1000000 74.0771 74.0771 74.0771
EOD
$t1 << EOD
10000 0.0128103 0.0127029 0.015181
30000 0.0377699 0.0364841 0.0383179
100000 0.124746 0.123575 0.127673
1000000 1.45155 1.23669 2.95841
EOD
$t2 << EOD
10000 0.00687439 0.0068458 0.00837663
30000 0.0193495 0.0189089 0.0194559
100000 0.0624867 0.0618065 0.0629782
1000000 0.708077 0.604324 1.29206
EOD
$t3 << EOD
10000 0.0136568 0.0123295 0.0148437
30000 0.0258141 0.0256958 0.0258207
100000 0.0720754 0.0704545 0.0734895
1000000 0.741094 0.682876 1.38835
EOD
$t4 << EOD
10000 0.00713132 0.00610374 0.00854213
30000 0.0160992 0.014773 0.016188
100000 0.0440557 0.0428016 0.0451299
1000000 0.490416 0.423391 1.11049
EOD
$t5 << EOD
10000 0.00124355 0.00113859 0.00132132
30000 0.00236837 0.0023412 0.00252674
100000 0.00616741 0.00610302 0.00651464
1000000 0.0707603 0.0560617 0.257599
EOD
$t6 << EOD
10000 0.00105634 0.00101282 0.00127071
30000 0.00124961 0.00113318 0.00152361
100000 0.00206539 0.00201352 0.00210041
1000000 0.0244426 0.0143474 0.0834652
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0128103*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
