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
10000 0.271114 0.260506 0.280071
30000 0.747286 0.746599 0.795693
100000 2.69946 2.6527 2.72572
1000000 62.4526 62.4526 62.4526
EOD
$t1 << EOD
10000 0.0190881 0.0188538 0.020691
30000 0.0691822 0.0542989 0.0795483
100000 0.187073 0.183851 0.187246
1000000 1.9336 1.89023 2.26322
EOD
$t2 << EOD
10000 0.0105657 0.0105088 0.0149554
30000 0.042304 0.0285935 0.0455695
100000 0.0972696 0.0928031 0.124223
1000000 0.983554 0.963139 1.00903
EOD
$t3 << EOD
10000 0.0204277 0.0188693 0.0232496
30000 0.0458526 0.0398766 0.0570548
100000 0.112418 0.111191 0.13234
1000000 1.11592 1.08223 1.2341
EOD
$t4 << EOD
10000 0.00994319 0.00913107 0.0108526
30000 0.0257973 0.0243909 0.0377356
100000 0.069583 0.0666876 0.082207
1000000 0.850683 0.660136 0.966847
EOD
$t5 << EOD
10000 0.0017954 0.00170468 0.00199415
30000 0.00393974 0.00348904 0.00430609
100000 0.00989426 0.00978475 0.0104887
1000000 0.0928626 0.0914628 0.0963744
EOD
$t6 << EOD
10000 0.00145581 0.00120394 0.00173732
30000 0.00222796 0.00173663 0.00231001
100000 0.00383048 0.00377695 0.00388295
1000000 0.0313554 0.0311982 0.0345013
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0190881*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
