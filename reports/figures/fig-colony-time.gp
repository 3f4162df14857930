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
512 0.000240148
1024 0.00453927
2048 0.0323566
4096 0.125041
8192 0.491355
EOD
$t1 << EOD
512 0.000237564
1024 0.000985749
2048 0.00499246
4096 0.0218253
8192 0.0863518
EOD
$t2 << EOD
512 0.00015381
1024 0.000576299
2048 0.00229945
4096 0.00896366
8192 0.0367465
EOD
$t3 << EOD
512 0.000226543
1024 0.000934583
2048 0.003697
4096 0.0186307
8192 0.0803855
EOD
$t4 << EOD
512 0.000138937
1024 0.000460556
2048 0.00170406
4096 0.00632789
8192 0.0249639
EOD
$t5 << EOD
512 3.6755e-05
1024 7.87125e-05
2048 0.000173944
4096 0.000353843
8192 0.00069055
16384 0.00134268
65536 0.00559756
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00015381*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 3.6755e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.68)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.15)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.98)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.13)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.88)', \
  $t5 using 1:2 with linespoints pt 14 ps 1.4 lw 1.5 lc rgb '#8C6D31' title 'cells (N^1.03)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-time.png'
replot
set output
