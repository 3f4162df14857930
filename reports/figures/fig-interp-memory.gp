# fig-interp-memory: interp: peak workspace against N (M fixed)
# written by reports/report; redraw with `gnuplot fig-interp-memory.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-memory.svg'
set title "interp: peak workspace against N (M fixed)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (evaluation points)'
set ylabel 'peak workspace'
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format y '%.0s %cB'
set format x '%.0e'
set yrange [300:5e10]
$m0 << EOD
10000 1.50995e+08 1.50995e+08
30000 5.03316e+08 5.03316e+08
100000 1.61061e+09 1.61061e+09
1000000 1.61061e+10 1.61061e+10
EOD
$m1 << EOD
10000 1.25829e+07 1.26239e+07
30000 4.20741e+07 4.20741e+07
100000 1.34676e+08 1.34676e+08
1000000 1.34637e+09 1.34637e+09
EOD
$m2 << EOD
10000 1000 1000
30000 1000 1000
100000 1000 1000
1000000 1000 1000
EOD
$m3 << EOD
10000 1.25829e+07 1.26239e+07
30000 1.25829e+07 1.26239e+07
100000 1.25829e+07 1.26239e+07
1000000 1.25829e+07 1.26239e+07
EOD
$m4 << EOD
10000 1000 12288
30000 1000 12288
100000 1000 12288
1000000 12288 12288
EOD
$m5 << EOD
10000 5.24288e+06 5.24288e+06
30000 5.24288e+06 5.24288e+06
100000 5.24288e+06 5.24288e+06
1000000 5.24288e+06 5.24288e+06
EOD
$m6 << EOD
10000 5.24288e+06 5.28486e+06
30000 5.37498e+06 5.37498e+06
100000 5.70266e+06 5.70266e+06
1000000 9.43821e+06 9.43821e+06
EOD
$m7 << EOD
10000 81920 81920
30000 81920 81920
100000 81920 81920
1000000 81920 81920
EOD
set arrow from graph 0, first 1.44e+10 to graph 1, first 1.44e+10 nohead dt 2 lw 2 lc rgb 'black'
set label 'the question: about 14 GB (12*N*M*4 at N=1e6, M=300)' at graph 0.02, first 1.44e+10 offset 0,0.7
set arrow from graph 0, first 1000 to graph 1, first 1000 nohead dt 4 lw 1.5 lc rgb 'black'
set label '0 B (and anything under 1 kB) is drawn on this line' at graph 0.02, first 1000 offset 0,0.7 font ',10'
set arrow from graph 0, first 65536 to graph 1, first 65536 nohead dt 3 lw 1 lc rgb '#777777'
set label 'jemalloc peak grain, 64 KiB: measured points below it are not measurements' at graph 0.02, first 65536 offset 0,0.7 font ',10' tc rgb '#555555'
plot $m0 using 1:2 with points pt 6 ps 1.6 lw 2 lc rgb '#0072B2' title 'eager measured', $m0 using 1:3 with lines dt 2 lw 1.5 lc rgb '#0072B2' title 'eager model', \
  $m1 using 1:2 with points pt 4 ps 1.6 lw 2 lc rgb '#E69F00' title 'materialized measured', $m1 using 1:3 with lines dt 2 lw 1.5 lc rgb '#E69F00' title 'materialized model', \
  $m2 using 1:2 with points pt 8 ps 1.6 lw 2 lc rgb '#009E73' title 'fused measured', $m2 using 1:3 with lines dt 2 lw 1.5 lc rgb '#009E73' title 'fused model', \
  $m3 using 1:2 with points pt 10 ps 1.6 lw 2 lc rgb '#CC79A7' title 'chunked measured', $m3 using 1:3 with lines dt 2 lw 1.5 lc rgb '#CC79A7' title 'chunked model', \
  $m4 using 1:2 with points pt 12 ps 1.6 lw 2 lc rgb '#56B4E9' title 'tiled measured', $m4 using 1:3 with lines dt 2 lw 1.5 lc rgb '#56B4E9' title 'tiled model', \
  $m5 using 1:2 with points pt 14 ps 1.6 lw 2 lc rgb '#8C6D31' title 'hoisted measured', $m5 using 1:3 with lines dt 2 lw 1.5 lc rgb '#8C6D31' title 'hoisted model', \
  $m6 using 1:2 with points pt 1 ps 1.6 lw 2 lc rgb '#7F3C8D' title 'sorted measured', $m6 using 1:3 with lines dt 2 lw 1.5 lc rgb '#7F3C8D' title 'sorted model', \
  $m7 using 1:2 with points pt 2 ps 1.6 lw 2 lc rgb '#999933' title 'gram measured', $m7 using 1:3 with lines dt 2 lw 1.5 lc rgb '#999933' title 'gram model'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-memory.png'
replot
set output
