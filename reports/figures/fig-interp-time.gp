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
10000 0.210609 0.208062 0.213155
30000 0.677855 0.66779 0.68792
100000 2.0902 2.06842 2.11198
1000000 66.7774 66.7774 66.7774
EOD
$t1 << EOD
10000 0.0145625 0.0142771 0.0148478
30000 0.0476538 0.0466153 0.0486923
100000 0.155404 0.150016 0.160792
1000000 1.61385 1.59907 1.65385
EOD
$t2 << EOD
10000 0.00916738 0.00888597 0.00944879
30000 0.0260486 0.025729 0.0263683
100000 0.0846455 0.0839801 0.0853108
1000000 0.867991 0.846686 0.936573
EOD
$t3 << EOD
10000 0.0148633 0.0146728 0.0150539
30000 0.0363497 0.0361092 0.0365903
100000 0.0986255 0.0971062 0.100145
1000000 0.935107 0.932121 0.95784
EOD
$t4 << EOD
10000 0.00348165 0.00334096 0.00362233
30000 0.0102252 0.0102183 0.010232
100000 0.0331671 0.032648 0.0336861
1000000 0.33746 0.333723 0.347467
EOD
$t5 << EOD
10000 0.00192158 0.00177806 0.0020651
30000 0.00422992 0.00417393 0.00428592
100000 0.0124649 0.0123202 0.0126095
1000000 0.123946 0.123092 0.127381
EOD
$t6 << EOD
10000 0.00175962 0.00149986 0.00201938
30000 0.00227033 0.00208579 0.00245486
100000 0.00355611 0.00347422 0.003638
1000000 0.020177 0.0188592 0.0224959
EOD
$t7 << EOD
10000 0.000804798 0.000673079 0.000936516
30000 0.00072217 0.000588404 0.000855936
100000 0.000893353 0.000736611 0.0010501
1000000 0.00302989 0.0028714 0.00367366
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0145625*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
