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
10000 0.209824 0.207935 0.211713
30000 0.592876 0.58952 0.596233
100000 2.05911 2.05866 2.05956
1000000 60.2608 60.2608 60.2608
EOD
$t1 << EOD
10000 0.0154886 0.0154693 0.0155079
30000 0.0486673 0.0484946 0.0488399
100000 0.150949 0.150238 0.15166
1000000 1.62459 1.59066 1.63621
EOD
$t2 << EOD
10000 0.0092976 0.00926429 0.00933091
30000 0.0263823 0.0262303 0.0265342
100000 0.0857373 0.0855375 0.0859371
1000000 0.901933 0.895423 0.90664
EOD
$t3 << EOD
10000 0.0153534 0.0153243 0.0153825
30000 0.034495 0.0343226 0.0346674
100000 0.100169 0.0990391 0.101298
1000000 1.00735 1.00017 1.02491
EOD
$t4 << EOD
10000 0.00459205 0.00458884 0.00459526
30000 0.011194 0.0111168 0.0112712
100000 0.0359732 0.0358447 0.0361018
1000000 0.366984 0.35518 0.372046
EOD
$t5 << EOD
10000 0.00304018 0.00300951 0.00307084
30000 0.00531134 0.00507955 0.00554312
100000 0.0138938 0.0137517 0.0140359
1000000 0.127988 0.126817 0.138438
EOD
$t6 << EOD
10000 0.00228827 0.00223438 0.00234216
30000 0.00247789 0.00227534 0.00268044
100000 0.00456564 0.00449338 0.00463789
1000000 0.0238482 0.0233441 0.0251309
EOD
$t7 << EOD
10000 0.000897278 0.000821686 0.000972871
30000 0.000801873 0.000785802 0.000817943
100000 0.00104861 0.00102897 0.00106825
1000000 0.00392057 0.00338657 0.00401632
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0154886*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
