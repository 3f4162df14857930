# fig-interp-threads: interp: speed-up against threads
# written by reports/report; redraw with `gnuplot fig-interp-threads.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-threads.svg'
set title "interp: speed-up against threads" noenhanced
set key outside right top noenhanced
set grid
set xlabel 'threads (T)'
set ylabel 'speed-up (time at 1 thread / time at T)'
set xrange [0.8:2.2]
set xtics 1
set yrange [0:2.5]
$s0 << EOD
1 1
2 1.58938
EOD
$s1 << EOD
1 1
2 1.56689
EOD
$s2 << EOD
1 1
2 1.95768
EOD
$s3 << EOD
1 1
2 1.13043
EOD
$s4 << EOD
1 1
2 1.92111
EOD
$s5 << EOD
1 1
2 1.37969
EOD
$s6 << EOD
1 1
2 1.47247
EOD
$s7 << EOD
1 1
2 1.22347
EOD
plot (x >= 1 && x <= 2) ? x : 1/0 with lines dt 2 lw 2 lc rgb 'black' title 'ideal: speed-up = threads', $s0 using 1:2 with linespoints pt 6 ps 1.5 lw 2 lc rgb '#0072B2' title 'eager', \
  $s1 using 1:2 with linespoints pt 4 ps 1.5 lw 2 lc rgb '#E69F00' title 'materialized', \
  $s2 using 1:2 with linespoints pt 8 ps 1.5 lw 2 lc rgb '#009E73' title 'fused', \
  $s3 using 1:2 with linespoints pt 10 ps 1.5 lw 2 lc rgb '#CC79A7' title 'chunked', \
  $s4 using 1:2 with linespoints pt 12 ps 1.5 lw 2 lc rgb '#56B4E9' title 'tiled', \
  $s5 using 1:2 with linespoints pt 14 ps 1.5 lw 2 lc rgb '#8C6D31' title 'hoisted', \
  $s6 using 1:2 with linespoints pt 1 ps 1.5 lw 2 lc rgb '#7F3C8D' title 'sorted', \
  $s7 using 1:2 with linespoints pt 2 ps 1.5 lw 2 lc rgb '#999933' title 'gram'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-threads.png'
replot
set output
