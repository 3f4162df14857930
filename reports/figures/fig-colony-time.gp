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
512 0.000243653
1024 0.00500199
2048 0.0367909
4096 0.150809
8192 0.612214
EOD
$t1 << EOD
512 0.000247329
1024 0.00104677
2048 0.00514687
4096 0.0298726
8192 0.0842832
EOD
$t2 << EOD
512 0.000167755
1024 0.00059404
2048 0.00233901
4096 0.010557
8192 0.0377691
EOD
$t3 << EOD
512 0.000228976
1024 0.000879997
2048 0.00352287
4096 0.0237847
8192 0.102649
EOD
$t4 << EOD
512 0.000117641
1024 0.000434252
2048 0.00184901
4096 0.00783691
8192 0.02943
EOD
$t5 << EOD
512 2.8152e-05
1024 6.54625e-05
2048 0.000123238
4096 0.000316622
8192 0.000544747
16384 0.000874208
65536 0.00360935
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000167755*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 2.8152e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.75)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.17)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.98)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.24)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^2.01)', \
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
