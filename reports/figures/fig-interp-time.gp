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
10000 0.188853 0.181551 0.196156
30000 0.654526 0.647536 0.661516
100000 1.95162 1.93819 1.96505
1000000 62.6254 62.6254 62.6254
EOD
$t1 << EOD
10000 0.0147905 0.0143579 0.0152231
30000 0.0476576 0.0466083 0.0487069
100000 0.15335 0.147937 0.158762
1000000 1.67884 1.65359 1.77283
EOD
$t2 << EOD
10000 0.00916603 0.0089534 0.00937866
30000 0.026477 0.0261459 0.0268081
100000 0.0855477 0.0811749 0.0899204
1000000 0.984866 0.972177 1.05052
EOD
$t3 << EOD
10000 0.016692 0.01514 0.0182441
30000 0.0327402 0.0315433 0.0339372
100000 0.100311 0.0951088 0.105514
1000000 1.06472 1.03935 1.15116
EOD
$t4 << EOD
10000 0.00370769 0.00363567 0.0037797
30000 0.0105421 0.0104008 0.0106834
100000 0.0330869 0.0329001 0.0332738
1000000 0.366718 0.359831 0.382125
EOD
$t5 << EOD
10000 0.00197018 0.00188548 0.00205489
30000 0.0046033 0.00449557 0.00471104
100000 0.0132239 0.0125471 0.0139006
1000000 0.134339 0.13074 0.138198
EOD
$t6 << EOD
10000 0.00177211 0.00159694 0.00194728
30000 0.00224764 0.00222625 0.00226904
100000 0.00367893 0.00354699 0.00381088
1000000 0.0223673 0.0220131 0.0243385
EOD
$t7 << EOD
10000 0.000577673 0.000542486 0.00061286
30000 0.000741646 0.00073574 0.000747552
100000 0.00092276 0.000873482 0.000972038
1000000 0.00336159 0.00324479 0.00343077
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0147905*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
