# fig-colony-memory: colony: peak workspace against N
# written by reports/report; redraw with `gnuplot fig-colony-memory.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-colony-memory.svg'
set title "colony: peak workspace against N" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (bacteria)'
set ylabel 'peak workspace'
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set logscale x 2
set format y '%.0s %cB'
set yrange [300:*]
$m0 << EOD
512 4.1943e+06 4.1943e+06
1024 1.67772e+07 1.67772e+07
2048 6.71089e+07 6.71089e+07
4096 2.68435e+08 2.68435e+08
8192 1.07374e+09 1.07374e+09
EOD
$m1 << EOD
512 4.1943e+06 4.1943e+06
1024 1.67772e+07 1.67772e+07
2048 6.71089e+07 6.71089e+07
4096 2.68435e+08 2.68435e+08
8192 1.07374e+09 1.07374e+09
EOD
$m2 << EOD
512 1000 1000
1024 1000 1000
2048 1000 1000
4096 1000 1000
8192 1000 1000
EOD
$m3 << EOD
512 2.09715e+06 2.09715e+06
1024 4.1943e+06 4.1943e+06
2048 8.38861e+06 8.38861e+06
4096 1.67772e+07 1.67772e+07
8192 3.35544e+07 3.35544e+07
EOD
$m4 << EOD
512 20480 20480
1024 24576 24576
2048 24576 24576
4096 24576 24576
8192 24576 24576
EOD
$m5 << EOD
512 49152 49152
1024 98304 98304
2048 196608 196608
4096 393216 393216
8192 786432 786432
16384 1.57286e+06 1.57286e+06
65536 6.29146e+06 6.29146e+06
EOD
$m6 << EOD
512 1.49524e+07 1.49524e+07
1024 5.97893e+07 5.97893e+07
2048 2.39116e+08 2.39116e+08
EOD
set arrow from graph 0, first 1000 to graph 1, first 1000 nohead dt 4 lw 1.5 lc rgb 'black'
set label '0 B (and anything under 1 kB) is drawn on this line' at graph 0.02, first 1000 offset 0,0.7 font ',10'
set arrow from graph 0, first 65536 to graph 1, first 65536 nohead dt 3 lw 1 lc rgb '#777777'
set label 'jemalloc peak grain, 64 KiB: measured points below it are not measurements' at graph 0.02, first 65536 offset 0,0.7 font ',10' tc rgb '#555555'
plot $m0 using 1:2 with points pt 6 ps 1.6 lw 2 lc rgb '#0072B2' title 'naive measured (N^2.00)', $m0 using 1:3 with lines dt 3 lc rgb '#0072B2' title 'naive model', \
  $m1 using 1:2 with points pt 4 ps 1.6 lw 2 lc rgb '#E69F00' title 'naive-reuse measured (N^2.00)', $m1 using 1:3 with lines dt 3 lc rgb '#E69F00' title 'naive-reuse model', \
  $m2 using 1:2 with points pt 8 ps 1.6 lw 2 lc rgb '#009E73' title 'fused measured (0 B)', $m2 using 1:3 with lines dt 3 lc rgb '#009E73' title 'fused model', \
  $m3 using 1:2 with points pt 10 ps 1.6 lw 2 lc rgb '#CC79A7' title 'chunked measured (N^1.00)', $m3 using 1:3 with lines dt 3 lc rgb '#CC79A7' title 'chunked model', \
  $m4 using 1:2 with points pt 12 ps 1.6 lw 2 lc rgb '#56B4E9' title 'tiled measured (< 64 KiB)', $m4 using 1:3 with lines dt 3 lc rgb '#56B4E9' title 'tiled model', \
  $m5 using 1:2 with points pt 14 ps 1.6 lw 2 lc rgb '#8C6D31' title 'cells measured (N^1.00)', $m5 using 1:3 with lines dt 3 lc rgb '#8C6D31' title 'cells model', \
  $m6 using 1:2 with points pt 1 ps 1.6 lw 2 lc rgb '#7F3C8D' title 'eager measured (N^2.00)', $m6 using 1:3 with lines dt 3 lc rgb '#7F3C8D' title 'eager model'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-memory.png'
replot
set output
