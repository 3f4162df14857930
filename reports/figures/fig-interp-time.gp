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
10000 0.247289 0.243341 0.255812
30000 0.748375 0.740414 0.775244
100000 2.48785 2.48782 2.50245
1000000 54.5101 54.5101 54.5101
EOD
$t1 << EOD
10000 0.0184746 0.0177546 0.0188668
30000 0.0526582 0.0515041 0.0527631
100000 0.168222 0.167657 0.168465
1000000 1.76413 1.70531 1.8839
EOD
$t2 << EOD
10000 0.0106845 0.0101363 0.0107042
30000 0.0288336 0.0287687 0.0289363
100000 0.0933064 0.0926783 0.0936225
1000000 0.959221 0.936624 1.03321
EOD
$t3 << EOD
10000 0.0179648 0.0178046 0.0187649
30000 0.0384956 0.0379564 0.0387657
100000 0.112687 0.108305 0.146985
1000000 1.07034 1.01825 1.10466
EOD
$t4 << EOD
10000 0.00979908 0.0086421 0.0113661
30000 0.0220739 0.0215458 0.0229198
100000 0.0676978 0.0675602 0.0682503
1000000 0.658624 0.649247 0.700195
EOD
$t5 << EOD
10000 0.00173034 0.00169051 0.00178322
30000 0.00346784 0.00346298 0.00353475
100000 0.00959181 0.0095475 0.00975412
1000000 0.0893483 0.0891162 0.0926625
EOD
$t6 << EOD
10000 0.00130822 0.00127508 0.00138361
30000 0.00177269 0.00174368 0.00182733
100000 0.00376325 0.00375212 0.003783
1000000 0.0311141 0.0308359 0.0345118
EOD
$t7 << EOD
10000 0.000754561 0.000726699 0.000826627
30000 0.000847067 0.000789602 0.00086207
100000 0.00102753 0.0010247 0.00112391
1000000 0.00469834 0.00465553 0.00527427
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0184746*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
