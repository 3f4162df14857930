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
10000 0.215586 0.211655 0.219517
30000 0.628795 0.626088 0.631501
100000 2.23365 2.22567 2.24164
1000000 56.5444 56.5444 56.5444
EOD
$t1 << EOD
10000 0.0169356 0.0166548 0.0172164
30000 0.0509143 0.0503961 0.0514326
100000 0.172735 0.163512 0.181959
1000000 1.74066 1.72122 1.90849
EOD
$t2 << EOD
10000 0.00973732 0.00936859 0.010106
30000 0.0271347 0.0270946 0.0271748
100000 0.0943535 0.0892822 0.0994248
1000000 0.939007 0.936535 0.94737
EOD
$t3 << EOD
10000 0.01866 0.0176445 0.0196755
30000 0.0365529 0.0363888 0.036717
100000 0.113947 0.113107 0.114787
1000000 1.01286 0.994443 1.04294
EOD
$t4 << EOD
10000 0.00386413 0.00378538 0.00394288
30000 0.011277 0.0111048 0.0114491
100000 0.0373441 0.0359104 0.0387777
1000000 0.382821 0.367886 0.388426
EOD
$t5 << EOD
10000 0.00213918 0.00206089 0.00221746
30000 0.00469739 0.00468559 0.00470918
100000 0.0136916 0.013506 0.0138773
1000000 0.136072 0.126422 0.157127
EOD
$t6 << EOD
10000 0.00194337 0.00180832 0.00207842
30000 0.0025115 0.00228738 0.00273561
100000 0.00445092 0.00409369 0.00480814
1000000 0.023552 0.0232788 0.0248781
EOD
$t7 << EOD
10000 0.000661546 0.000584611 0.000738481
30000 0.000692028 0.000651126 0.000732931
100000 0.000892389 0.000805781 0.000978997
1000000 0.00334532 0.00316875 0.00350158
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0169356*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
