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
512 0.00124224
1024 0.0138704
2048 0.0708498
4096 0.262542
8192 1.04967
EOD
$t1 << EOD
512 0.00147175
1024 0.00661839
2048 0.0240806
4096 0.0984602
8192 0.365129
EOD
$t2 << EOD
512 0.00132253
1024 0.00502768
2048 0.0200576
4096 0.074389
8192 0.285157
EOD
$t3 << EOD
512 0.00144351
1024 0.00591533
2048 0.0221857
4096 0.0893326
8192 0.386887
EOD
$t4 << EOD
512 0.000687545
1024 0.00267539
2048 0.00925747
4096 0.03607
8192 0.142916
EOD
$t5 << EOD
1024 0.000699668
4096 0.0028037
8192 0.00573775
16384 0.011487
65536 0.0475656
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00132253*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 853.333 && x <= 78643.2) ? 0.000699668*(x/1024)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.37)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^1.98)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.94)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.00)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.92)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.01)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
