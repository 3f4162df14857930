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
10000 0.364496 0.34994 0.376818
30000 1.08153 1.02662 1.16686
100000 3.67435 3.65062 4.34133
300000 11.1942 9.91691 11.2303
1000000 71.8234 71.8234 71.8234
EOD
$t1 << EOD
10000 0.0343016 0.0282409 0.0427302
30000 0.0832147 0.0780353 0.0845197
100000 0.28615 0.264065 0.416725
300000 0.814701 0.810776 0.895899
1000000 3.09896 2.41609 3.68725
EOD
$t2 << EOD
10000 0.0353442 0.0333793 0.0391272
30000 0.102162 0.095314 0.110172
100000 0.350523 0.317476 0.436865
300000 1.04681 0.930744 1.20508
1000000 3.68093 3.23422 4.52945
EOD
$t3 << EOD
10000 0.0354526 0.0250006 0.0405706
30000 0.0623675 0.0566048 0.0624438
100000 0.174465 0.147395 0.299497
300000 0.467106 0.444946 0.48097
1000000 2.07152 1.53337 2.6327
EOD
$t4 << EOD
10000 0.0184756 0.0135863 0.0197464
30000 0.0395873 0.0355526 0.0417797
100000 0.115829 0.101135 0.118366
300000 0.358003 0.306674 0.377373
1000000 1.46824 0.97654 2.03297
EOD
$t5 << EOD
10000 0.00392322 0.00381138 0.004414
30000 0.00693143 0.00612049 0.00717275
100000 0.0161789 0.0148178 0.0165191
300000 0.0413863 0.0407833 0.0432069
1000000 0.143331 0.128952 0.169015
EOD
$t6 << EOD
10000 0.00282308 0.00273857 0.00328936
30000 0.00421407 0.00403906 0.00436457
100000 0.00798474 0.00793839 0.0083632
300000 0.0208716 0.0200917 0.021346
1000000 0.0668952 0.0607538 0.0896266
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0343016*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
