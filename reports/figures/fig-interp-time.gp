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
10000 0.289522 0.287623 0.341726
30000 0.9632 0.916293 1.06346
100000 3.45749 3.38418 3.59407
1000000 40.0485 40.0485 40.0485
EOD
$t1 << EOD
10000 0.0244229 0.0237799 0.0326662
30000 0.0948059 0.0808005 0.0950268
100000 0.309328 0.301087 0.322907
1000000 2.93265 2.52482 3.23572
EOD
$t2 << EOD
10000 0.0157546 0.0154783 0.0205833
30000 0.0577546 0.0542388 0.0599744
100000 0.198478 0.144825 0.212208
1000000 1.54444 1.38054 1.95615
EOD
$t3 << EOD
10000 0.0251971 0.0238168 0.0320835
30000 0.076504 0.0759381 0.0777113
100000 0.24452 0.172287 0.246009
1000000 2.07084 1.7995 2.40862
EOD
$t4 << EOD
10000 0.00693836 0.00640587 0.00921099
30000 0.0245399 0.0216402 0.0253168
100000 0.0788585 0.0569548 0.0891311
1000000 0.803523 0.579528 1.02999
EOD
$t5 << EOD
10000 0.00522757 0.00507387 0.00601746
30000 0.0107238 0.0104977 0.0109282
100000 0.0295611 0.0226116 0.0305818
1000000 0.26547 0.214747 0.279748
EOD
$t6 << EOD
10000 0.00358073 0.00341565 0.00414778
30000 0.00466504 0.00464409 0.00481792
100000 0.0072718 0.0060505 0.00764607
1000000 0.0400093 0.031731 0.0474827
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0244229*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
