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
10000 0.240704 0.239764 0.282512
30000 0.684838 0.68401 0.723142
100000 2.32336 2.30309 2.33391
1000000 58.5931 58.5931 58.5931
EOD
$t1 << EOD
10000 0.021941 0.0199641 0.0229105
30000 0.0443169 0.0435399 0.0463415
100000 0.164106 0.161487 0.195726
1000000 1.4618 1.38354 1.79153
EOD
$t2 << EOD
10000 0.0126242 0.0114296 0.0142338
30000 0.023051 0.0225909 0.0232067
100000 0.0715376 0.0707765 0.0974205
1000000 0.686143 0.649994 0.840261
EOD
$t3 << EOD
10000 0.0177145 0.016497 0.0212897
30000 0.0321066 0.0320721 0.0321831
100000 0.0995193 0.0919283 0.131997
1000000 0.882526 0.81789 0.96381
EOD
$t4 << EOD
10000 0.0126722 0.0121252 0.0129952
30000 0.0213725 0.0201044 0.0227695
100000 0.0847687 0.051565 0.109759
1000000 0.637146 0.487698 0.946971
EOD
$t5 << EOD
10000 0.00126079 0.00125378 0.00197432
30000 0.00278486 0.0026854 0.00282618
100000 0.00854775 0.00727261 0.00934602
1000000 0.0669328 0.0620919 0.0710463
EOD
$t6 << EOD
10000 0.00159827 0.00158917 0.00160943
30000 0.0012125 0.00114538 0.00121874
100000 0.00283956 0.00218131 0.00299958
1000000 0.0169499 0.0148624 0.019457
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.021941*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
