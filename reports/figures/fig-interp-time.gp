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
10000 0.23066 0.227043 0.242787
30000 0.685656 0.664434 0.686623
100000 2.30131 2.26574 2.38035
1000000 81.5534 81.5534 81.5534
EOD
$t1 << EOD
10000 0.0189491 0.0172925 0.0229488
30000 0.0437261 0.0434424 0.044322
100000 0.156763 0.142884 0.169065
1000000 1.43736 1.35517 1.66721
EOD
$t2 << EOD
10000 0.00960494 0.00916351 0.012779
30000 0.0228352 0.0225937 0.0229637
100000 0.0740245 0.0720187 0.0758744
1000000 0.711335 0.702133 0.79326
EOD
$t3 << EOD
10000 0.0162844 0.0155216 0.0190299
30000 0.03199 0.0313523 0.0320563
100000 0.0945034 0.093684 0.0960672
1000000 0.858905 0.795143 1.11252
EOD
$t4 << EOD
10000 0.00913458 0.00894896 0.0136861
30000 0.0179834 0.017568 0.0205725
100000 0.0561164 0.0531106 0.0609116
1000000 0.497315 0.46969 0.611663
EOD
$t5 << EOD
10000 0.00133204 0.0012433 0.00195597
30000 0.00254821 0.00249313 0.00284475
100000 0.00716631 0.00686596 0.00744191
1000000 0.0674067 0.0660037 0.0744923
EOD
$t6 << EOD
10000 0.00120314 0.00111255 0.0017656
30000 0.00124266 0.00117387 0.00126149
100000 0.00228432 0.00223954 0.00230126
1000000 0.018603 0.0157075 0.0265441
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0189491*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
