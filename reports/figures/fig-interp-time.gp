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
10000 0.326193 0.319857 0.333017
30000 1.00622 0.990491 1.01785
100000 3.33525 3.23717 3.3385
1000000 79.8772 79.8772 79.8772
EOD
$t1 << EOD
10000 0.0239006 0.0235628 0.0266731
30000 0.0738821 0.0736609 0.0880237
100000 0.23617 0.227885 0.244726
1000000 2.57022 2.35741 3.15687
EOD
$t2 << EOD
10000 0.0350439 0.031087 0.0362896
30000 0.0906076 0.089787 0.093849
100000 0.304889 0.286719 0.313523
1000000 3.08967 2.82207 3.71034
EOD
$t3 << EOD
10000 0.0233906 0.0231357 0.0239591
30000 0.0551712 0.0527136 0.0683099
100000 0.149832 0.148852 0.15564
1000000 1.49393 1.42084 1.74417
EOD
$t4 << EOD
10000 0.0121928 0.0113504 0.0151955
30000 0.0316359 0.0304778 0.0385144
100000 0.109719 0.096876 0.113692
1000000 1.11088 0.951155 1.53358
EOD
$t5 << EOD
10000 0.0034049 0.00325284 0.00343592
30000 0.00591208 0.0058914 0.00615419
100000 0.0148653 0.0146731 0.0157425
1000000 0.131546 0.127695 0.15923
EOD
$t6 << EOD
10000 0.00279665 0.00274874 0.00287345
30000 0.00389749 0.00384524 0.00392818
100000 0.00801759 0.00773508 0.00844297
1000000 0.0614966 0.0593866 0.0796751
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0239006*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
