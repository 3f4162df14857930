# fig-interp-time: interp: median time against N (M fixed)
# written by reports/report; redraw with `gnuplot fig-interp-time.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-time.svg'
set title "interp: median time against N (M fixed)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (evaluation points)'
set ylabel 'median time per run (s)'
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format x '%.0e'
$t0 << EOD
10000 0.238828 0.225499 0.271075
30000 0.735556 0.714252 0.742825
100000 2.37172 2.31993 2.38133
1000000 51.777 51.777 51.777
EOD
$t1 << EOD
10000 0.0153897 0.015287 0.0214148
30000 0.0486837 0.0469192 0.0571182
100000 0.148522 0.146533 0.148761
1000000 1.70267 1.4987 2.44544
EOD
$t2 << EOD
10000 0.00809064 0.00806126 0.0113326
30000 0.0241773 0.0230958 0.0262908
100000 0.0730809 0.072738 0.0732114
1000000 0.766736 0.72876 0.900099
EOD
$t3 << EOD
10000 0.0166365 0.0156267 0.0210745
30000 0.0328272 0.0326904 0.0399441
100000 0.0898389 0.0871613 0.0914932
1000000 0.990107 0.907644 1.11731
EOD
$t4 << EOD
10000 0.00796936 0.00777375 0.0109078
30000 0.020326 0.0201025 0.0240093
100000 0.0534056 0.0529759 0.0541493
1000000 0.597462 0.543812 0.682491
EOD
$t5 << EOD
10000 0.00125247 0.00123157 0.0019912
30000 0.00272421 0.0026989 0.0027955
100000 0.00787024 0.00736426 0.00952732
1000000 0.0809062 0.0729995 0.0875381
EOD
$t6 << EOD
10000 0.0010834 0.000881734 0.00127988
30000 0.00130348 0.00126382 0.00145574
100000 0.00233565 0.00233025 0.00234599
1000000 0.0195724 0.0164123 0.0281408
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0153897*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
  $t1 using 1:2:3:4 with yerrorlines pt 4 ps 1.3 lw 1.5 lc rgb '#E69F00' title 'materialized', \
  $t2 using 1:2:3:4 with yerrorlines pt 8 ps 1.3 lw 1.5 lc rgb '#009E73' title 'fused', \
  $t3 using 1:2:3:4 with yerrorlines pt 10 ps 1.3 lw 1.5 lc rgb '#CC79A7' title 'chunked', \
  $t4 using 1:2:3:4 with yerrorlines pt 12 ps 1.3 lw 1.5 lc rgb '#56B4E9' title 'tiled', \
  $t5 using 1:2:3:4 with yerrorlines pt 14 ps 1.3 lw 1.5 lc rgb '#8C6D31' title 'hoisted', \
  $t6 using 1:2:3:4 with yerrorlines pt 1 ps 1.3 lw 1.5 lc rgb '#7F3C8D' title 'sorted'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-time.png'
replot
set output
