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
10000 0.335546 0.296722 0.355104
30000 0.787242 0.787213 0.874404
100000 2.59841 2.58487 2.65037
1000000 64.9915 64.9915 64.9915
EOD
$t1 << EOD
10000 0.0218633 0.0194712 0.0316372
30000 0.0569233 0.0540797 0.062822
100000 0.19138 0.175981 0.211483
1000000 1.83223 1.75369 2.13586
EOD
$t2 << EOD
10000 0.0170888 0.0148543 0.0174018
30000 0.0301892 0.0286494 0.0314228
100000 0.0975243 0.0938559 0.101826
1000000 0.975603 0.941006 1.27259
EOD
$t3 << EOD
10000 0.0201268 0.0187187 0.025299
30000 0.0441717 0.0394498 0.0460759
100000 0.125812 0.114871 0.126567
1000000 1.11565 1.03408 1.24357
EOD
$t4 << EOD
10000 0.0142522 0.0125391 0.015154
30000 0.0245683 0.0221639 0.02666
100000 0.0722806 0.0691322 0.0955696
1000000 0.705122 0.655333 0.766166
EOD
$t5 << EOD
10000 0.00227777 0.00224355 0.00233878
30000 0.00353009 0.00347019 0.0035847
100000 0.0108463 0.0103966 0.0138905
1000000 0.0923227 0.0911908 0.0964263
EOD
$t6 << EOD
10000 0.00183126 0.00174403 0.00191776
30000 0.00178772 0.00169098 0.00179138
100000 0.00375905 0.00373601 0.0039006
1000000 0.0312872 0.0309468 0.0340395
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0218633*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
