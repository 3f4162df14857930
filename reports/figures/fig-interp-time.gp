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
10000 0.221396 0.220261 0.221687
30000 0.669555 0.658721 0.700803
100000 2.22291 2.22028 2.25118
1000000 69.1194 69.1194 69.1194
EOD
$t1 << EOD
10000 0.0150109 0.0148275 0.0152947
30000 0.0437269 0.0418308 0.0486642
100000 0.139983 0.138415 0.142642
1000000 1.44914 1.41465 1.53623
EOD
$t2 << EOD
10000 0.00798213 0.00783543 0.00876672
30000 0.0228962 0.0226392 0.0229502
100000 0.0712053 0.069361 0.0827437
1000000 0.711505 0.698349 0.788883
EOD
$t3 << EOD
10000 0.0160734 0.015333 0.0163504
30000 0.0320368 0.0314686 0.0330147
100000 0.086071 0.0850374 0.0891651
1000000 0.849225 0.826475 0.905779
EOD
$t4 << EOD
10000 0.00743845 0.00688751 0.00744127
30000 0.0169992 0.0166129 0.0175976
100000 0.0511508 0.0496414 0.055696
1000000 0.493346 0.487532 0.514337
EOD
$t5 << EOD
10000 0.0014503 0.00143173 0.00150431
30000 0.00251339 0.00241698 0.00258537
100000 0.00701808 0.00683842 0.00731905
1000000 0.0685866 0.0657633 0.0698774
EOD
$t6 << EOD
10000 0.00116684 0.00103604 0.00122648
30000 0.0012703 0.00121338 0.00130787
100000 0.0021923 0.00215872 0.00223788
1000000 0.0171276 0.0160264 0.02099
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0150109*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
