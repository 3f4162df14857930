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
10000 0.277448 0.264528 0.290367
30000 0.843234 0.834961 0.851508
100000 2.62861 2.61595 2.64127
1000000 64.585 64.585 64.585
EOD
$t1 << EOD
10000 0.0242113 0.0214257 0.026997
30000 0.0545519 0.0536081 0.0554958
100000 0.181509 0.174569 0.188448
1000000 1.79661 1.76283 1.83772
EOD
$t2 << EOD
10000 0.0101109 0.00926197 0.0109599
30000 0.0444019 0.0432604 0.0455434
100000 0.0936603 0.0924584 0.0948622
1000000 0.976899 0.950453 0.979549
EOD
$t3 << EOD
10000 0.0198249 0.0181681 0.0214818
30000 0.0501944 0.0423938 0.057995
100000 0.113782 0.10982 0.117744
1000000 1.06704 1.02599 1.12167
EOD
$t4 << EOD
10000 0.00808481 0.00726653 0.00890309
30000 0.0252325 0.0204187 0.0300463
100000 0.0679553 0.0638706 0.0720399
1000000 0.664006 0.650868 1.04232
EOD
$t5 << EOD
10000 0.00149241 0.001377 0.00160781
30000 0.00319781 0.00308254 0.00331308
100000 0.00942709 0.00932753 0.00952665
1000000 0.0899227 0.0888765 0.0911171
EOD
$t6 << EOD
10000 0.00100631 0.000842398 0.00117022
30000 0.00162821 0.00150475 0.00175167
100000 0.00360332 0.0034016 0.00380504
1000000 0.029791 0.0297488 0.0308442
EOD
$t7 << EOD
10000 0.000511457 0.000390308 0.000632607
30000 0.000708846 0.000472971 0.000944721
100000 0.00118319 0.000820115 0.00154627
1000000 0.00467299 0.00454855 0.00488152
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0242113*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
