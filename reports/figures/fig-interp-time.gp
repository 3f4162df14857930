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
10000 0.210569 0.208329 0.212809
30000 0.702834 0.670325 0.735343
100000 2.2369 2.21767 2.25614
1000000 54.1714 54.1714 54.1714
EOD
$t1 << EOD
10000 0.0182823 0.0176602 0.0189044
30000 0.0425852 0.0424251 0.0427453
100000 0.13658 0.128447 0.144713
1000000 1.29473 1.28401 1.41506
EOD
$t2 << EOD
10000 0.00864834 0.00825773 0.00903896
30000 0.0235738 0.0198421 0.0273056
100000 0.0672209 0.064974 0.0694677
1000000 0.67004 0.647437 0.857708
EOD
$t3 << EOD
10000 0.0135889 0.012918 0.0142597
30000 0.0288661 0.0282147 0.0295176
100000 0.0846966 0.084375 0.0850181
1000000 0.745487 0.688866 0.768056
EOD
$t4 << EOD
10000 0.00490497 0.00478302 0.00502692
30000 0.0203686 0.0138489 0.0268883
100000 0.0499497 0.0458754 0.0540239
1000000 0.452589 0.450304 0.486556
EOD
$t5 << EOD
10000 0.00100622 0.000784801 0.00122763
30000 0.00221889 0.00213289 0.00230489
100000 0.006811 0.00582945 0.00779254
1000000 0.0588006 0.0569783 0.0622085
EOD
$t6 << EOD
10000 0.000728507 0.000551743 0.00090527
30000 0.000903662 0.000793563 0.00101376
100000 0.00198535 0.00167965 0.00229104
1000000 0.0141804 0.0139129 0.0158361
EOD
$t7 << EOD
10000 0.000604813 0.000578924 0.000630701
30000 0.000577016 0.000457833 0.000696199
100000 0.000762588 0.00063042 0.000894755
1000000 0.00338594 0.00319104 0.00351992
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0182823*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
