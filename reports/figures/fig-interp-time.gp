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
10000 0.277424 0.24952 0.324031
30000 0.776829 0.767182 0.787796
100000 2.60836 2.593 2.65067
1000000 57.9088 57.9088 57.9088
EOD
$t1 << EOD
10000 0.025338 0.0196328 0.0273813
30000 0.0549757 0.0511024 0.0705409
100000 0.174716 0.170653 0.196538
1000000 1.80332 1.76676 1.86832
EOD
$t2 << EOD
10000 0.0145127 0.0106144 0.0148212
30000 0.0309097 0.0289821 0.0362574
100000 0.0966032 0.0965866 0.114683
1000000 0.996141 0.953355 1.05077
EOD
$t3 << EOD
10000 0.0194473 0.0183242 0.0270632
30000 0.0409951 0.0391433 0.0438294
100000 0.113721 0.110995 0.118564
1000000 1.07619 1.02959 1.22147
EOD
$t4 << EOD
10000 0.0116754 0.00920617 0.0127214
30000 0.022718 0.0215129 0.0230791
100000 0.0715878 0.0698726 0.094095
1000000 0.685194 0.667265 0.944481
EOD
$t5 << EOD
10000 0.00174105 0.00168091 0.00224733
30000 0.00358039 0.00354311 0.00365062
100000 0.00981792 0.00980444 0.0118413
1000000 0.0918092 0.0907203 0.100674
EOD
$t6 << EOD
10000 0.00185808 0.0013 0.00195747
30000 0.00173084 0.00168055 0.00185189
100000 0.00391577 0.00382777 0.00443247
1000000 0.0313915 0.0309305 0.0337906
EOD
$t7 << EOD
10000 0.000839376 0.000791245 0.000908699
30000 0.000832686 0.000760338 0.000879356
100000 0.0012643 0.0012476 0.00169064
1000000 0.00466905 0.00460342 0.00476628
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.025338*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
