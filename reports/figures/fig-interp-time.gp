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
10000 0.219074 0.218371 0.263638
30000 0.625595 0.616516 0.673105
100000 2.10607 2.05918 2.11154
1000000 51.5151 51.5151 51.5151
EOD
$t1 << EOD
10000 0.0151614 0.0137987 0.0175702
30000 0.0402951 0.0393956 0.0525114
100000 0.131757 0.129949 0.137032
1000000 1.36426 1.29118 1.47237
EOD
$t2 << EOD
10000 0.00744138 0.00730735 0.00785723
30000 0.0219896 0.0207057 0.0251009
100000 0.0650721 0.0633509 0.0689075
1000000 0.679606 0.661583 0.689296
EOD
$t3 << EOD
10000 0.0146407 0.0135762 0.0183983
30000 0.0284894 0.0282017 0.0311277
100000 0.078631 0.0774515 0.0847286
1000000 0.850611 0.782232 0.907671
EOD
$t4 << EOD
10000 0.00731197 0.00663953 0.00854375
30000 0.0160996 0.0153837 0.0188242
100000 0.0470262 0.0459307 0.0492151
1000000 0.499421 0.453447 0.55725
EOD
$t5 << EOD
10000 0.00122654 0.00111176 0.00134163
30000 0.00226127 0.00221361 0.0025172
100000 0.00659283 0.00652742 0.00706074
1000000 0.0665875 0.0607079 0.0751647
EOD
$t6 << EOD
10000 0.00104286 0.000947342 0.00125088
30000 0.00110656 0.00109219 0.0014502
100000 0.00202489 0.0019588 0.00204246
1000000 0.0162267 0.0144942 0.0210634
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0151614*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
