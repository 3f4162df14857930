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
512 0.000488147
1024 0.00572853
2048 0.0372606
4096 0.15285
8192 0.667186
EOD
$t1 << EOD
512 0.000569417
1024 0.00258874
2048 0.0118909
4096 0.0477627
8192 0.177863
EOD
$t2 << EOD
512 0.000291356
1024 0.00111406
2048 0.00445135
4096 0.0165821
8192 0.0673428
EOD
$t3 << EOD
512 0.000464889
1024 0.00189359
2048 0.00800416
4096 0.0335766
8192 0.146442
EOD
$t4 << EOD
512 0.000181508
1024 0.000683973
2048 0.00271354
4096 0.0100888
8192 0.0406706
EOD
$t5 << EOD
512 6.4994e-05
1024 7.5391e-05
2048 0.000140483
4096 0.00025824
8192 0.000608042
16384 0.00111069
65536 0.00487647
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000291356*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 6.4994e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.56)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.08)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.96)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.07)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.95)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^0.93)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
