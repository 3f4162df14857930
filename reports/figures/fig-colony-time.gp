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
512 0.0012791
1024 0.0100976
2048 0.0598068
4096 0.249814
8192 0.998321
EOD
$t1 << EOD
512 0.00123409
1024 0.00530334
2048 0.0216386
4096 0.0903598
8192 0.35107
EOD
$t2 << EOD
512 0.00111234
1024 0.00442268
2048 0.017552
4096 0.0696608
8192 0.278699
EOD
$t3 << EOD
512 0.0012145
1024 0.00505412
2048 0.0210615
4096 0.0862256
8192 0.367417
EOD
$t4 << EOD
512 0.000687244
1024 0.00239076
2048 0.00888331
4096 0.0344803
8192 0.135708
EOD
$t5 << EOD
1024 0.000725736
4096 0.00290887
8192 0.00574621
16384 0.0116101
65536 0.0471737
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00111234*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 853.333 && x <= 78643.2) ? 0.000725736*(x/1024)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.38)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.04)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.99)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.06)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.91)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.00)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
