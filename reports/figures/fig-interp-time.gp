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
10000 0.220637 0.214718 0.223309
30000 0.683306 0.668607 0.693023
100000 2.50023 2.37758 2.5086
1000000 54.4901 54.4901 54.4901
EOD
$t1 << EOD
10000 0.0164111 0.0159642 0.0172066
30000 0.0513353 0.0474576 0.0599008
100000 0.211008 0.149601 0.239111
1000000 1.35844 1.28185 1.58538
EOD
$t2 << EOD
10000 0.00762882 0.00750759 0.00811303
30000 0.0228227 0.0212527 0.0240291
100000 0.119841 0.109072 0.133739
1000000 0.658243 0.637922 0.678262
EOD
$t3 << EOD
10000 0.015304 0.0151678 0.0157765
30000 0.0342646 0.0313065 0.0401915
100000 0.102226 0.0952552 0.203197
1000000 0.789296 0.77574 0.845547
EOD
$t4 << EOD
10000 0.00981826 0.00948487 0.0106828
30000 0.0304601 0.029406 0.034162
100000 0.116045 0.0612822 0.140228
1000000 0.480586 0.442678 0.917583
EOD
$t5 << EOD
10000 0.00132476 0.00129456 0.00143374
30000 0.00277684 0.00273728 0.00352595
100000 0.0074401 0.00737392 0.00798215
1000000 0.0653159 0.0627319 0.100494
EOD
$t6 << EOD
10000 0.00124712 0.00114316 0.0012593
30000 0.0015858 0.00138651 0.00189884
100000 0.00240836 0.0022396 0.00314484
1000000 0.0157953 0.0145984 0.0200337
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0164111*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
