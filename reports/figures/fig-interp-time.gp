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
10000 0.254737 0.254698 0.254777
30000 0.803773 0.801188 0.806359
100000 2.55382 2.52449 2.58315
1000000 49.7001 49.7001 49.7001
EOD
$t1 << EOD
10000 0.0173725 0.0165991 0.018146
30000 0.0542463 0.0534697 0.055023
100000 0.190327 0.172223 0.208431
1000000 1.75117 1.71848 1.79395
EOD
$t2 << EOD
10000 0.0098398 0.00926582 0.0104138
30000 0.0363218 0.0302812 0.0423624
100000 0.0938492 0.0933963 0.0943022
1000000 0.950575 0.944101 0.968586
EOD
$t3 << EOD
10000 0.017331 0.0168792 0.0177827
30000 0.0395904 0.0383775 0.0408033
100000 0.112275 0.110109 0.11444
1000000 1.07306 1.06839 1.19523
EOD
$t4 << EOD
10000 0.00704199 0.00651066 0.00757333
30000 0.025019 0.0218116 0.0282264
100000 0.0666267 0.0635036 0.0697499
1000000 0.665668 0.652582 0.715944
EOD
$t5 << EOD
10000 0.00150006 0.00147449 0.00152564
30000 0.00318237 0.00310959 0.00325514
100000 0.00944776 0.00911421 0.0097813
1000000 0.0892068 0.0889713 0.089564
EOD
$t6 << EOD
10000 0.00105368 0.000963639 0.00114372
30000 0.00148428 0.00136129 0.00160727
100000 0.00361933 0.00335561 0.00388305
1000000 0.0295806 0.0292142 0.0299567
EOD
$t7 << EOD
10000 0.000530566 0.00038454 0.000676593
30000 0.000626033 0.000501233 0.000750833
100000 0.000895142 0.000757603 0.00103268
1000000 0.00447519 0.00438208 0.00473106
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0173725*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
