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
10000 0.196702 0.195642 0.197762
30000 0.58911 0.58863 0.589591
100000 2.0773 2.0707 2.0839
1000000 61.7734 61.7734 61.7734
EOD
$t1 << EOD
10000 0.0142522 0.0136181 0.0148864
30000 0.0458164 0.0451911 0.0464416
100000 0.155208 0.15329 0.157125
1000000 1.73874 1.64651 1.81052
EOD
$t2 << EOD
10000 0.00861719 0.00852516 0.00870922
30000 0.0257592 0.0257477 0.0257708
100000 0.0863546 0.0852566 0.0874526
1000000 0.907101 0.892577 0.961399
EOD
$t3 << EOD
10000 0.0146816 0.0142686 0.0150945
30000 0.0323366 0.0322982 0.0323749
100000 0.0986959 0.0972159 0.100176
1000000 1.01259 0.993883 1.06236
EOD
$t4 << EOD
10000 0.00350263 0.00340041 0.00360486
30000 0.00988526 0.00968515 0.0100854
100000 0.0335735 0.0333071 0.0338398
1000000 0.349651 0.345675 0.356714
EOD
$t5 << EOD
10000 0.00196826 0.00188121 0.00205532
30000 0.00448761 0.00433566 0.00463956
100000 0.0132597 0.013212 0.0133074
1000000 0.130162 0.126906 0.132144
EOD
$t6 << EOD
10000 0.0017118 0.00141598 0.00200763
30000 0.00247692 0.00239339 0.00256044
100000 0.00402041 0.00385648 0.00418434
1000000 0.0223274 0.0205928 0.0235669
EOD
$t7 << EOD
10000 0.000622674 0.000580269 0.00066508
30000 0.000837396 0.000803342 0.00087145
100000 0.000887763 0.000819217 0.000956309
1000000 0.00365256 0.00323373 0.00401635
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0142522*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
  $t1 using 1:2:3:4 with yerrorlines pt 4 ps 1.3 lw 1.5 lc rgb '#E69F00' title 'materialized', \
  $t2 using 1:2:3:4 with yerrorlines pt 8 ps 1.3 lw 1.5 lc rgb '#009E73' title 'fused', \
  $t3 using 1:2:3:4 with yerrorlines pt 10 ps 1.3 lw 1.5 lc rgb '#CC79A7' title 'chunked', \
  $t4 using 1:2:3:4 with yerrorlines pt 12 ps 1.3 lw 1.5 lc rgb '#56B4E9' title 'tiled', \
  $t5 using 1:2:3:4 with yerrorlines pt 14 ps 1.3 lw 1.5 lc rgb '#8C6D31' title 'hoisted', \
  $t6 using 1:2:3:4 with yerrorlines pt 1 ps 1.3 lw 1.5 lc rgb '#7F3C8D' title 'sorted', \
  $t7 using 1:2:3:4 with yerrorlines pt 2 ps 1.3 lw 1.5 lc rgb '#999933' title 'gram'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-time.png'
replot
set output
