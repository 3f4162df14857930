# fig-colony-memory: colony: peak workspace against N
# written by reports/report; redraw with `gnuplot fig-colony-memory.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-colony-memory.svg'
set title "colony: peak workspace against N" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (bacteria)'
set ylabel 'peak workspace (bytes)'
set format y '%.0e'
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
512 1 1
1024 1 1
2048 1 1
4096 1 1
8192 1 1
EOD
$m3 << EOD
512 2.09715e+06 2.09715e+06
1024 4.1943e+06 4.1943e+06
2048 8.38861e+06 8.38861e+06
4096 1.67772e+07 1.67772e+07
8192 3.35544e+07 3.35544e+07
EOD
$m4 << EOD
512 4608 20480
1024 24576 24576
2048 24576 24576
4096 24576 24576
8192 24576 24576
EOD
$m5 << EOD
1024 32768 32768
4096 131072 131072
8192 262144 262144
16384 524288 524288
65536 2.09715e+06 2.09715e+06
EOD
plot $m0 using 1:2 with points pt 7 lc 1 title 'naive measured (N^2.00)', $m0 using 1:3 with lines dt 3 lc 1 title 'naive model', \
  $m1 using 1:2 with points pt 7 lc 2 title 'naive-reuse measured (N^2.00)', $m1 using 1:3 with lines dt 3 lc 2 title 'naive-reuse model', \
  $m2 using 1:2 with points pt 7 lc 3 title 'fused measured (N^n/a)', $m2 using 1:3 with lines dt 3 lc 3 title 'fused model', \
  $m3 using 1:2 with points pt 7 lc 4 title 'chunked measured (N^1.00)', $m3 using 1:3 with lines dt 3 lc 4 title 'chunked model', \
  $m4 using 1:2 with points pt 7 lc 5 title 'tiled measured (N^0.48)', $m4 using 1:3 with lines dt 3 lc 5 title 'tiled model', \
  $m5 using 1:2 with points pt 7 lc 6 title 'cells measured (N^1.00)', $m5 using 1:3 with lines dt 3 lc 6 title 'cells model'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-colony-memory.png'
replot
set output
