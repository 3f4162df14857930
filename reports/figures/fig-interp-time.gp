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
set format x '%.0e'
$t0 << EOD
10000 0.216646 0.216151 0.217288
30000 0.645676 0.641822 0.656409
100000 2.31232 2.28937 2.34588
300000 7.949 7.92134 8.26576
1000000 37.5682 37.5682 37.5682
EOD
$t1 << EOD
10000 0.0122535 0.0121491 0.0127452
30000 0.0386123 0.0384112 0.039529
100000 0.148655 0.148382 0.158598
300000 0.436514 0.430751 0.440181
1000000 1.3506 1.33723 1.38372
EOD
$t2 << EOD
10000 0.00675379 0.00647855 0.0128231
30000 0.0187822 0.0186792 0.0193868
100000 0.0663534 0.0652747 0.0702209
300000 0.196477 0.194234 0.203818
1000000 0.650736 0.643782 0.658953
EOD
$t3 << EOD
10000 0.012508 0.0120025 0.0125852
30000 0.0263741 0.0256951 0.026821
100000 0.0819687 0.0796827 0.0822442
300000 0.245465 0.244728 0.247992
1000000 0.705327 0.70362 0.721863
EOD
$t4 << EOD
10000 0.00450852 0.00446172 0.0045614
30000 0.0132528 0.0131633 0.0132776
100000 0.0471602 0.0470747 0.0476898
300000 0.149993 0.142953 0.152465
1000000 0.4334 0.4326 0.436711
EOD
$t5 << EOD
10000 0.00137085 0.00134037 0.00142084
30000 0.00280679 0.00277941 0.0029236
100000 0.00876408 0.00772325 0.00920162
300000 0.023882 0.023704 0.023924
1000000 0.0619339 0.061263 0.0624167
EOD
$t6 << EOD
10000 0.000838672 0.000827075 0.000858973
30000 0.00126901 0.00125027 0.00127164
100000 0.00319795 0.00316008 0.00336847
300000 0.00750813 0.00745476 0.007522
1000000 0.021146 0.0204572 0.0214534
EOD
plot $t0 using 1:2:3:4 with yerrorlines pt 7 lc 1 title 'eager', \
  $t1 using 1:2:3:4 with yerrorlines pt 7 lc 2 title 'materialized', \
  $t2 using 1:2:3:4 with yerrorlines pt 7 lc 3 title 'fused', \
  $t3 using 1:2:3:4 with yerrorlines pt 7 lc 4 title 'chunked', \
  $t4 using 1:2:3:4 with yerrorlines pt 7 lc 5 title 'tiled', \
  $t5 using 1:2:3:4 with yerrorlines pt 7 lc 6 title 'hoisted', \
  $t6 using 1:2:3:4 with yerrorlines pt 7 lc 7 title 'sorted'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-time.png'
replot
set output
