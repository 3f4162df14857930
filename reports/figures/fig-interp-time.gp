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
10000 0.248101 0.246467 0.249735
30000 0.744646 0.743218 0.746073
100000 2.54018 2.52458 2.55578
1000000 61.2274 61.2274 61.2274
EOD
$t1 << EOD
10000 0.0178679 0.0171877 0.0185481
30000 0.0507846 0.0507002 0.050869
100000 0.17014 0.169682 0.170598
1000000 1.76397 1.76001 1.82076
EOD
$t2 << EOD
10000 0.010385 0.0103123 0.0104578
30000 0.02872 0.0286543 0.0287856
100000 0.0949028 0.0939026 0.0959031
1000000 0.960687 0.949779 0.98879
EOD
$t3 << EOD
10000 0.0173829 0.0172796 0.0174862
30000 0.0375306 0.0372316 0.0378296
100000 0.121486 0.113087 0.129886
1000000 1.04401 1.0317 1.13681
EOD
$t4 << EOD
10000 0.00891014 0.00867886 0.00914142
30000 0.0213943 0.0213453 0.0214433
100000 0.0685115 0.065831 0.0711919
1000000 0.677225 0.658792 0.727197
EOD
$t5 << EOD
10000 0.00181143 0.00173296 0.00188991
30000 0.00345546 0.00343805 0.00347286
100000 0.0101748 0.00955726 0.0107923
1000000 0.0896402 0.0892954 0.0922433
EOD
$t6 << EOD
10000 0.0012561 0.00122183 0.00129036
30000 0.00175702 0.00174472 0.00176933
100000 0.00373426 0.00370868 0.00375984
1000000 0.0312846 0.0304099 0.0332217
EOD
$t7 << EOD
10000 0.000805656 0.000796392 0.00081492
30000 0.000755933 0.000744215 0.00076765
100000 0.00113288 0.00111846 0.00114729
1000000 0.00484478 0.0048191 0.00486278
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0178679*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
