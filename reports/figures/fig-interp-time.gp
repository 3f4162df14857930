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
10000 0.265077 0.264193 0.265962
30000 0.807036 0.803543 0.810529
100000 2.58154 2.56898 2.5941
1000000 62.5005 62.5005 62.5005
EOD
$t1 << EOD
10000 0.0231767 0.0217462 0.0246073
30000 0.0565222 0.0557816 0.0572628
100000 0.169088 0.167479 0.170697
1000000 1.90603 1.82644 2.04881
EOD
$t2 << EOD
10000 0.0100881 0.00987068 0.0103055
30000 0.0340362 0.0319289 0.0361435
100000 0.100735 0.0985938 0.102876
1000000 0.975026 0.94842 1.01523
EOD
$t3 << EOD
10000 0.0185073 0.0184284 0.0185863
30000 0.0423159 0.0420925 0.0425394
100000 0.112445 0.111006 0.113883
1000000 1.10357 1.05821 1.31121
EOD
$t4 << EOD
10000 0.0137473 0.012872 0.0146227
30000 0.0244107 0.0213798 0.0274416
100000 0.0701609 0.0661994 0.0741223
1000000 0.703877 0.663306 1.09736
EOD
$t5 << EOD
10000 0.00150356 0.00146242 0.0015447
30000 0.00333334 0.00320955 0.00345712
100000 0.00934659 0.00927418 0.00941899
1000000 0.0895669 0.0889073 0.0908817
EOD
$t6 << EOD
10000 0.000993312 0.000856199 0.00113043
30000 0.00165118 0.00145386 0.0018485
100000 0.00369226 0.0035821 0.00380243
1000000 0.0299537 0.0296829 0.0300342
EOD
$t7 << EOD
10000 0.000698751 0.000462616 0.000934885
30000 0.000831207 0.000766095 0.000896319
100000 0.000999022 0.000885974 0.00111207
1000000 0.00464889 0.00455459 0.00528003
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0231767*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
