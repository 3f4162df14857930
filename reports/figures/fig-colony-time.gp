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
512 0.000267408
1024 0.00511228
2048 0.0384066
4096 0.148282
8192 0.558573
EOD
$t1 << EOD
512 0.000281334
1024 0.0013545
2048 0.00531878
4096 0.0227851
8192 0.0911309
EOD
$t2 << EOD
512 0.000176729
1024 0.000649578
2048 0.00245087
4096 0.00973819
8192 0.0357201
EOD
$t3 << EOD
512 0.000238881
1024 0.00106963
2048 0.00396958
4096 0.020039
8192 0.0863241
EOD
$t4 << EOD
512 0.000166613
1024 0.000503265
2048 0.00191333
4096 0.00760256
8192 0.0259976
EOD
$t5 << EOD
512 4.4091e-05
1024 9.27185e-05
2048 0.000166929
4096 0.000366181
8192 0.00065419
16384 0.00128652
65536 0.00557013
EOD
plot (x >= 426.667 && x <= 9830.4) ? 0.000176729*(x/512)**2 : 1/0 with lines dt 2 lw 2 lc rgb '#555555' title 'slope N^2 (reference)', (x >= 426.667 && x <= 78643.2) ? 4.4091e-05*(x/512)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2 with linespoints pt 6 ps 1.4 lw 1.5 lc rgb '#0072B2' title 'naive (N^2.69)', \
  $t1 using 1:2 with linespoints pt 4 ps 1.4 lw 1.5 lc rgb '#E69F00' title 'naive-reuse (N^2.08)', \
  $t2 using 1:2 with linespoints pt 8 ps 1.4 lw 1.5 lc rgb '#009E73' title 'fused (N^1.92)', \
  $t3 using 1:2 with linespoints pt 10 ps 1.4 lw 1.5 lc rgb '#CC79A7' title 'chunked (N^2.12)', \
  $t4 using 1:2 with linespoints pt 12 ps 1.4 lw 1.5 lc rgb '#56B4E9' title 'tiled (N^1.85)', \
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
