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
512 0.000448172
1024 0.00570586
2048 0.036907
4096 0.148486
8192 0.604639
EOD
$t1 << EOD
512 0.000496649
1024 0.0024755
2048 0.0110732
4096 0.0455353
8192 0.179077
EOD
$t2 << EOD
512 0.000290612
1024 0.00109965
2048 0.0041047
4096 0.0167191
8192 0.0643315
EOD
$t3 << EOD
512 0.000360865
1024 0.00191372
2048 0.00759926
4096 0.0322673
8192 0.129813
EOD
$t4 << EOD
512 0.000184504
1024 0.00068069
2048 0.00268137
4096 0.00991428
8192 0.0403211
EOD
$t5 << EOD
512 4.8853e-05
1024 7.9846e-05
2048 0.000132337
4096 0.000282018
8192 0.000550508
16384 0.00105638
65536 0.00444044
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000290612*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.8853e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.55)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.12)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.95)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.11)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.94)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.94)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
