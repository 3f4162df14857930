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
10000 0.409543 0.403118 0.584156
30000 1.19532 1.17774 1.37795
100000 3.96088 3.72512 4.17841
1000000 41.4917 41.4917 41.4917
EOD
$t1 << EOD
10000 0.0404891 0.0343421 0.060793
30000 0.110295 0.105756 0.113257
100000 0.344722 0.335284 0.350272
1000000 3.38887 3.12758 3.7399
EOD
$t2 << EOD
10000 0.0217008 0.0205341 0.0481691
30000 0.0630039 0.0613035 0.15559
100000 0.213408 0.213018 0.215582
1000000 2.08569 1.91574 2.37782
EOD
$t3 << EOD
10000 0.0522322 0.0329738 0.0684429
30000 0.103632 0.0785786 0.183876
100000 0.260189 0.248411 0.26365
1000000 2.56279 2.39026 2.66173
EOD
$t4 << EOD
10000 0.00976826 0.00941097 0.00997566
30000 0.0391854 0.0279405 0.0548726
100000 0.0898244 0.0633134 0.101039
1000000 0.896275 0.788017 1.10544
EOD
$t5 << EOD
10000 0.0058204 0.00561965 0.0106613
30000 0.0119548 0.0118801 0.0187322
100000 0.0295676 0.0286933 0.0305435
1000000 0.284903 0.260542 0.305522
EOD
$t6 << EOD
10000 0.00438818 0.00435105 0.00759006
30000 0.00711136 0.00500588 0.0082467
100000 0.0076866 0.00744933 0.00775079
1000000 0.0420628 0.0374266 0.0735433
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0404891*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
