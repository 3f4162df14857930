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
10000 0.237415 0.237079 0.237752
30000 0.845172 0.835606 0.854737
100000 2.59509 2.53071 2.65947
1000000 62.8705 62.8705 62.8705
EOD
$t1 << EOD
10000 0.0171848 0.0166954 0.0176743
30000 0.0528703 0.0526084 0.0531322
100000 0.177893 0.172793 0.182993
1000000 1.74284 1.70846 1.8543
EOD
$t2 << EOD
10000 0.009849 0.00936654 0.0103315
30000 0.0286995 0.0283328 0.0290662
100000 0.100449 0.09844 0.102457
1000000 0.959187 0.937998 0.975415
EOD
$t3 << EOD
10000 0.0166926 0.016467 0.0169182
30000 0.0391624 0.037739 0.0405858
100000 0.117779 0.116908 0.118651
1000000 1.09902 1.06761 1.11384
EOD
$t4 << EOD
10000 0.00650391 0.00641312 0.0065947
30000 0.0192573 0.0191979 0.0193166
100000 0.0642567 0.0638574 0.064656
1000000 0.683385 0.674593 0.745426
EOD
$t5 << EOD
10000 0.00137416 0.00126279 0.00148553
30000 0.00304054 0.00300866 0.00307241
100000 0.0100421 0.00952708 0.0105572
1000000 0.0889886 0.0883804 0.0892931
EOD
$t6 << EOD
10000 0.000823386 0.00077528 0.000871492
30000 0.00137111 0.00133084 0.00141137
100000 0.00356506 0.00337473 0.00375539
1000000 0.0294547 0.0293086 0.0298504
EOD
$t7 << EOD
10000 0.000515183 0.000409467 0.0006209
30000 0.000845849 0.000793587 0.000898111
100000 0.000999011 0.000962657 0.00103536
1000000 0.00464828 0.00461549 0.0047625
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0171848*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
