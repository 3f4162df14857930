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
10000 0.336098 0.323153 0.336302
30000 0.980336 0.973821 1.03436
100000 3.30327 3.26262 3.378
1000000 83.3547 83.3547 83.3547
EOD
$t1 << EOD
10000 0.0242 0.0237126 0.0245605
30000 0.0707987 0.0701362 0.0724555
100000 0.230618 0.22891 0.252299
1000000 2.9295 2.5862 3.88979
EOD
$t2 << EOD
10000 0.0322183 0.0320509 0.0333347
30000 0.0865094 0.0859033 0.0878485
100000 0.288918 0.283265 0.305658
1000000 3.86721 2.95157 6.11206
EOD
$t3 << EOD
10000 0.0246126 0.023762 0.025369
30000 0.0551453 0.0526408 0.0566872
100000 0.150845 0.147107 0.151325
1000000 1.6431 1.45901 2.76767
EOD
$t4 << EOD
10000 0.013699 0.0113288 0.0188601
30000 0.0324062 0.0308528 0.0333213
100000 0.098706 0.0978945 0.103987
1000000 1.30583 0.957754 1.7476
EOD
$t5 << EOD
10000 0.00369854 0.00349902 0.00405661
30000 0.00607194 0.00604603 0.00643828
100000 0.0153192 0.0148647 0.0190518
1000000 0.133508 0.127475 0.15534
EOD
$t6 << EOD
10000 0.00326409 0.00279658 0.00623086
30000 0.0038593 0.00380636 0.00396018
100000 0.00817207 0.0081008 0.0089183
1000000 0.0616625 0.0588672 0.0729986
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0242*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
