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
10000 0.211963 0.211319 0.215133
30000 0.634312 0.627452 0.635659
100000 2.15224 2.1443 2.20829
1000000 73.6613 73.6613 73.6613
EOD
$t1 << EOD
10000 0.0157028 0.0154228 0.0159667
30000 0.0431075 0.0430995 0.0452769
100000 0.14023 0.138214 0.141338
1000000 1.43909 1.3449 1.76953
EOD
$t2 << EOD
10000 0.00888691 0.00784133 0.0104609
30000 0.0225113 0.022304 0.0226075
100000 0.0696658 0.0694765 0.0704635
1000000 0.700554 0.672728 0.787615
EOD
$t3 << EOD
10000 0.0152359 0.0148268 0.0156329
30000 0.0324454 0.0317389 0.0330659
100000 0.0891013 0.0866346 0.0898615
1000000 0.872342 0.815497 0.98038
EOD
$t4 << EOD
10000 0.00738408 0.0070743 0.00974603
30000 0.0162783 0.0162423 0.0167452
100000 0.0502148 0.049762 0.0543027
1000000 0.483936 0.471634 0.844827
EOD
$t5 << EOD
10000 0.00127334 0.0011268 0.00136137
30000 0.00255905 0.00254219 0.00262624
100000 0.00712672 0.00665521 0.00771895
1000000 0.0679701 0.0616926 0.102153
EOD
$t6 << EOD
10000 0.000950057 0.000937768 0.00118645
30000 0.00106811 0.00104335 0.00112273
100000 0.00214898 0.00214828 0.00216827
1000000 0.0163327 0.0157409 0.0328224
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0157028*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
