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
512 0.000233769
1024 0.00472506
2048 0.0366056
4096 0.144591
8192 0.605896
EOD
$t1 << EOD
512 0.000221961
1024 0.000933256
2048 0.00519303
4096 0.0215724
8192 0.0862389
EOD
$t2 << EOD
512 0.000156464
1024 0.00059033
2048 0.00245182
4096 0.0090275
8192 0.0359188
EOD
$t3 << EOD
512 0.00022181
1024 0.000878044
2048 0.00392163
4096 0.018976
8192 0.0879868
EOD
$t4 << EOD
512 0.000135132
1024 0.00047647
2048 0.00195322
4096 0.0067821
8192 0.0265523
EOD
$t5 << EOD
512 4.5097e-05
1024 9.49215e-05
2048 0.000232391
4096 0.000390803
8192 0.000819331
16384 0.00158603
65536 0.00662758
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000156464*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.5097e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.76)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.17)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.17)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.91)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.02)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
