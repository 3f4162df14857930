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
512 0.000401851
1024 0.00619367
2048 0.042865
4096 0.153782
8192 0.709267
EOD
$t1 << EOD
512 0.000374265
1024 0.00189432
2048 0.00884599
4096 0.0364524
8192 0.173268
EOD
$t2 << EOD
512 0.000284087
1024 0.000968243
2048 0.0038807
4096 0.0152201
8192 0.0621888
EOD
$t3 << EOD
512 0.00036766
1024 0.00146824
2048 0.00569334
4096 0.0320592
8192 0.161647
EOD
$t4 << EOD
512 0.000209411
1024 0.000726469
2048 0.00278188
4096 0.0109199
8192 0.0455038
EOD
$t5 << EOD
512 4.16415e-05
1024 8.4611e-05
2048 0.000157774
4096 0.000297031
8192 0.000608083
16384 0.00123529
65536 0.00509675
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000284087*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.16415e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.62)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.20)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.20)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.94)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.99)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
