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
10000 0.209752 0.208719 0.210784
30000 0.623962 0.615762 0.632161
100000 1.96645 1.96338 1.96953
1000000 56.8441 56.8441 56.8441
EOD
$t1 << EOD
10000 0.015845 0.0158246 0.0158655
30000 0.0465212 0.0463801 0.0466622
100000 0.153219 0.153182 0.153257
1000000 1.60687 1.60329 1.61838
EOD
$t2 << EOD
10000 0.00900703 0.00890641 0.00910765
30000 0.0261392 0.0255927 0.0266856
100000 0.0822317 0.0818642 0.0825993
1000000 0.88431 0.879466 0.886599
EOD
$t3 << EOD
10000 0.0151598 0.014457 0.0158626
30000 0.0351433 0.0349796 0.035307
100000 0.101717 0.100942 0.102492
1000000 0.985154 0.961669 1.01095
EOD
$t4 << EOD
10000 0.00453391 0.00445498 0.00461284
30000 0.0110279 0.0109305 0.0111253
100000 0.0337128 0.0335999 0.0338258
1000000 0.342444 0.340679 0.344392
EOD
$t5 << EOD
10000 0.00272131 0.00244521 0.00299742
30000 0.00534755 0.0052872 0.0054079
100000 0.0136305 0.0133061 0.013955
1000000 0.127259 0.127019 0.128995
EOD
$t6 << EOD
10000 0.00195997 0.0017533 0.00216665
30000 0.00278029 0.00268951 0.00287106
100000 0.00417028 0.00377586 0.00456469
1000000 0.0223184 0.0209943 0.0231445
EOD
$t7 << EOD
10000 0.000829186 0.000821976 0.000836397
30000 0.00074514 0.000744877 0.000745403
100000 0.00107303 0.00101325 0.00113282
1000000 0.00326739 0.00320717 0.0034718
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.015845*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
