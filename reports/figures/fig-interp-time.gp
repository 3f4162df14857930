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
10000 0.244172 0.241639 0.246706
30000 0.749607 0.743681 0.755533
100000 2.91785 2.66382 3.17187
1000000 57.9613 57.9613 57.9613
EOD
$t1 << EOD
10000 0.0170904 0.0170811 0.0170998
30000 0.0513354 0.0510512 0.0516197
100000 0.16947 0.168091 0.170849
1000000 1.84971 1.74973 2.02962
EOD
$t2 << EOD
10000 0.00928465 0.00911809 0.00945121
30000 0.0295474 0.0291493 0.0299455
100000 0.0924213 0.0915318 0.0933109
1000000 0.965228 0.934499 0.975436
EOD
$t3 << EOD
10000 0.0167951 0.016345 0.0172452
30000 0.0371363 0.0369684 0.0373042
100000 0.107679 0.10601 0.109348
1000000 1.08161 1.06179 1.10261
EOD
$t4 << EOD
10000 0.00657871 0.00627983 0.00687759
30000 0.0191551 0.019142 0.0191682
100000 0.0644536 0.0634195 0.0654878
1000000 0.683847 0.66642 0.695364
EOD
$t5 << EOD
10000 0.00138155 0.00129692 0.00146618
30000 0.00334016 0.00326875 0.00341158
100000 0.00927824 0.00923434 0.00932215
1000000 0.0891369 0.0888893 0.0896751
EOD
$t6 << EOD
10000 0.000860246 0.000768099 0.000952392
30000 0.00181526 0.00161417 0.00201635
100000 0.0037026 0.00347482 0.00393038
1000000 0.0309668 0.0307497 0.0335419
EOD
$t7 << EOD
10000 0.000588958 0.00037784 0.000800076
30000 0.000658351 0.000460603 0.000856099
100000 0.000842574 0.000749031 0.000936118
1000000 0.0048074 0.00472984 0.00492436
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0170904*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
