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
10000 0.19952 0.197386 0.20038
30000 0.611145 0.603877 0.653573
100000 2.00151 1.96708 2.01893
1000000 51.6891 51.6891 51.6891
EOD
$t1 << EOD
10000 0.0144341 0.0142569 0.0149275
30000 0.0404359 0.0397156 0.0767247
100000 0.123988 0.122699 0.127089
1000000 1.31456 1.23734 1.45529
EOD
$t2 << EOD
10000 0.00745245 0.00709922 0.00796207
30000 0.0207407 0.020543 0.0212304
100000 0.0634246 0.0612372 0.0668665
1000000 0.626534 0.599354 0.720375
EOD
$t3 << EOD
10000 0.013369 0.013349 0.0137442
30000 0.0284639 0.0279491 0.0287793
100000 0.0773338 0.0743398 0.0775711
1000000 0.758362 0.707057 0.903362
EOD
$t4 << EOD
10000 0.00667596 0.00659709 0.00681572
30000 0.015452 0.0149622 0.0159285
100000 0.0463189 0.0458131 0.0466172
1000000 0.44016 0.418007 0.538702
EOD
$t5 << EOD
10000 0.00128936 0.00127242 0.00139902
30000 0.00272743 0.00266458 0.00273886
100000 0.00692031 0.00667245 0.00706054
1000000 0.0617434 0.0611899 0.111943
EOD
$t6 << EOD
10000 0.000994482 0.000936626 0.00100456
30000 0.00132499 0.00129096 0.00143094
100000 0.00206969 0.00202052 0.00212646
1000000 0.015378 0.0150602 0.0264166
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0144341*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
