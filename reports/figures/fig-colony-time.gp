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
512 0.000454033
1024 0.00624131
2048 0.0421386
4096 0.170768
8192 0.686532
EOD
$t1 << EOD
512 0.000356178
1024 0.00227952
2048 0.00948123
4096 0.0382515
8192 0.16408
EOD
$t2 << EOD
512 0.000260816
1024 0.000967624
2048 0.00445284
4096 0.0149845
8192 0.0602995
EOD
$t3 << EOD
512 0.000394825
1024 0.00149961
2048 0.00568673
4096 0.0317355
8192 0.176505
EOD
$t4 << EOD
512 0.000204073
1024 0.000727178
2048 0.00278874
4096 0.011742
8192 0.0428261
EOD
$t5 << EOD
512 9.1255e-05
1024 7.0074e-05
2048 0.000149411
4096 0.000399713
8192 0.000625137
16384 0.0011945
65536 0.00510722
EOD
$t6 << EOD
512 0.0120858
1024 0.0906248
2048 1.16763
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000260816*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 9.1255e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.59)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.18)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.20)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.94)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.90)', \
  $t6 using 1:2 with linespoints pt 1 ps 1.4 lw 1.5 lc rgb '#7F3C8D' title 'eager (N^3.30)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
