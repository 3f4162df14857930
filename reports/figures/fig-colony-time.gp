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
512 0.000445774
1024 0.00526373
2048 0.0350881
4096 0.142907
8192 0.578755
EOD
$t1 << EOD
512 0.000477301
1024 0.00186017
2048 0.00855631
4096 0.0330171
8192 0.131428
EOD
$t2 << EOD
512 0.000395329
1024 0.00153342
2048 0.00612103
4096 0.024076
8192 0.0963263
EOD
$t3 << EOD
512 0.0004527
1024 0.00174906
2048 0.00706052
4096 0.0309841
8192 0.132216
EOD
$t4 << EOD
512 0.00030482
1024 0.000991348
2048 0.00338451
4096 0.0125045
8192 0.0481611
EOD
$t5 << EOD
1024 9.68045e-05
4096 0.000420262
8192 0.000873477
16384 0.00172909
65536 0.00710111
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000395329*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 853.333 && x <= 78643.2) ? 9.68045e-05*(x/1024)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.54)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.04)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.98)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.05)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.83)', \
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
