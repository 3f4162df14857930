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
512 0.000230384
1024 0.00431022
2048 0.0332462
4096 0.134519
8192 0.531881
EOD
$t1 << EOD
512 0.000218266
1024 0.00101587
2048 0.00479753
4096 0.0202237
8192 0.0764258
EOD
$t2 << EOD
512 0.000144195
1024 0.000557772
2048 0.0022238
4096 0.00839146
8192 0.0332406
EOD
$t3 << EOD
512 0.00020748
1024 0.000854895
2048 0.00348067
4096 0.016915
8192 0.0784715
EOD
$t4 << EOD
512 0.000102854
1024 0.00040265
2048 0.00156739
4096 0.00601786
8192 0.0236991
EOD
$t5 << EOD
512 4.4797e-05
1024 5.1898e-05
2048 9.3309e-05
4096 0.00019386
8192 0.000386347
16384 0.000801877
65536 0.00328882
EOD
$t6 << EOD
512 0.010438
1024 0.0730415
2048 0.947457
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000144195*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.4797e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.73)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.12)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.14)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.96)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.93)', \
  $t6 using 1:2 with linespoints pt 1 ps 1.4 lw 1.5 lc rgb '#7F3C8D' title 'eager (N^3.25)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
