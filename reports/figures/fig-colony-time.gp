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
512 0.00132803
1024 0.0140168
2048 0.0767057
4096 0.269017
8192 1.02469
EOD
$t1 << EOD
512 0.00126448
1024 0.00685016
2048 0.0250738
4096 0.103646
8192 0.358063
EOD
$t2 << EOD
512 0.00110748
1024 0.00517656
2048 0.0186849
4096 0.0719992
8192 0.286716
EOD
$t3 << EOD
512 0.00127275
1024 0.00581498
2048 0.0240158
4096 0.106182
8192 0.368319
EOD
$t4 << EOD
512 0.000719212
1024 0.00267859
2048 0.00969853
4096 0.0385194
8192 0.135583
EOD
$t5 << EOD
1024 0.00069838
4096 0.00282839
8192 0.00572868
16384 0.0117209
65536 0.0478349
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.00110748*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 853.333 && x <= 78643.2) ? 0.00069838*(x/1024)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.34)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.02)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.98)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.05)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.90)', \
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
