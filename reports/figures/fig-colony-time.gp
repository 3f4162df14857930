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
512 0.000285179
1024 0.00617029
2048 0.0337641
4096 0.135097
8192 0.53772
EOD
$t1 << EOD
512 0.000258591
1024 0.00112059
2048 0.00636492
4096 0.0215439
8192 0.0850508
EOD
$t2 << EOD
512 0.000170278
1024 0.000620164
2048 0.00247837
4096 0.00951655
8192 0.0372489
EOD
$t3 << EOD
512 0.0002718
1024 0.00100662
2048 0.00390954
4096 0.0200091
8192 0.0848332
EOD
$t4 << EOD
512 0.000187684
1024 0.000577946
2048 0.00182702
4096 0.00672245
8192 0.0258937
EOD
$t5 << EOD
512 5.0065e-05
1024 0.000106023
2048 0.000210494
4096 0.000395204
8192 0.000755291
16384 0.00143476
65536 0.00594956
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000170278*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 5.0065e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.62)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.10)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.09)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.78)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.97)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
