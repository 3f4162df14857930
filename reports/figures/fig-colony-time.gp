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
512 0.000484705
1024 0.00568958
2048 0.037885
4096 0.160446
8192 0.650755
EOD
$t1 << EOD
512 0.000502462
1024 0.00241893
2048 0.0113724
4096 0.0497868
8192 0.181835
EOD
$t2 << EOD
512 0.000300361
1024 0.00112105
2048 0.00443175
4096 0.0184641
8192 0.0672784
EOD
$t3 << EOD
512 0.000521489
1024 0.00177575
2048 0.00782979
4096 0.0325001
8192 0.158097
EOD
$t4 << EOD
512 0.000186193
1024 0.000694701
2048 0.00270393
4096 0.0123546
8192 0.0423007
EOD
$t5 << EOD
512 6.4594e-05
1024 6.6992e-05
2048 0.000132552
4096 0.000344321
8192 0.00051961
16384 0.0010892
65536 0.00479276
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000300361*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 6.4594e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.56)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.14)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.97)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.07)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.98)', \
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
