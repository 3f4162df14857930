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
10000 0.270971 0.252811 0.28913
30000 0.76132 0.752256 0.770385
100000 2.64461 2.6016 2.68761
1000000 65.5019 65.5019 65.5019
EOD
$t1 << EOD
10000 0.0213178 0.0176635 0.024972
30000 0.0522327 0.0521554 0.05231
100000 0.171618 0.166664 0.176572
1000000 1.83549 1.77979 1.98505
EOD
$t2 << EOD
10000 0.00954924 0.0090581 0.0100404
30000 0.0338955 0.0293146 0.0384763
100000 0.0993405 0.0945878 0.104093
1000000 0.983406 0.974202 1.00444
EOD
$t3 << EOD
10000 0.0191084 0.0180832 0.0201336
30000 0.0394128 0.0389265 0.0398992
100000 0.113784 0.113719 0.11385
1000000 1.10144 1.08612 1.15389
EOD
$t4 << EOD
10000 0.00904561 0.00646142 0.0116298
30000 0.0318593 0.0231254 0.0405932
100000 0.0668524 0.0667414 0.0669634
1000000 0.672649 0.657527 0.739704
EOD
$t5 << EOD
10000 0.00142644 0.00132215 0.00153074
30000 0.00327167 0.00325987 0.00328346
100000 0.00979415 0.00952338 0.0100649
1000000 0.0895816 0.0893623 0.095551
EOD
$t6 << EOD
10000 0.00100566 0.000756461 0.00125486
30000 0.00154797 0.00146413 0.0016318
100000 0.00371564 0.00348101 0.00395026
1000000 0.029916 0.029536 0.0313093
EOD
$t7 << EOD
10000 0.000535593 0.000413402 0.000657785
30000 0.000747809 0.000557787 0.00093783
100000 0.000950684 0.000769601 0.00113177
1000000 0.00472586 0.0045399 0.0051929
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0213178*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
