# fig-colony-time: colony: time per step against N
# written by reports/report; redraw with `gnuplot fig-colony-time.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-colony-time.svg'
set title "colony: time per step against N" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (bacteria)'
set ylabel 'median time per step (s)'
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set logscale x 2
$t0 << EOD
512 0.000203934
1024 0.00421634
2048 0.0322518
4096 0.134032
8192 0.523424
EOD
$t1 << EOD
512 0.00020107
1024 0.000970768
2048 0.00442497
4096 0.0181975
8192 0.0780271
EOD
$t2 << EOD
512 0.000143414
1024 0.000541448
2048 0.002153
4096 0.00863465
8192 0.0329697
EOD
$t3 << EOD
512 0.000200339
1024 0.000821545
2048 0.003186
4096 0.0167233
8192 0.0761284
EOD
$t4 << EOD
512 0.000102192
1024 0.00038885
2048 0.00152249
4096 0.00646431
8192 0.0232924
EOD
$t5 << EOD
512 4.2203e-05
1024 4.1883e-05
2048 9.2789e-05
4096 0.000192827
8192 0.000425725
16384 0.000782923
65536 0.00328729
EOD
$t6 << EOD
512 0.0102604
1024 0.0732432
2048 0.963556
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000143414*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.2203e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.76)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.14)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.15)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.97)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.96)', \
  $t6 using 1:2 with linespoints pt 1 ps 1.4 lw 1.5 lc rgb '#7F3C8D' title 'eager (N^3.28)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
