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
10000 0.219086 0.215133 0.22304
30000 0.635444 0.631738 0.639149
100000 2.10012 2.07528 2.12496
1000000 47.0384 47.0384 47.0384
EOD
$t1 << EOD
10000 0.0154925 0.01453 0.016455
30000 0.0413274 0.0407032 0.0419517
100000 0.132082 0.128953 0.135211
1000000 1.34245 1.33318 1.36316
EOD
$t2 << EOD
10000 0.0079841 0.00636243 0.00960577
30000 0.0192645 0.0190859 0.0194431
100000 0.071399 0.0653413 0.0774567
1000000 0.669739 0.64659 0.701663
EOD
$t3 << EOD
10000 0.0152601 0.0133342 0.017186
30000 0.0284199 0.0279344 0.0289054
100000 0.0782545 0.0765574 0.0799516
1000000 0.813871 0.800804 0.835393
EOD
$t4 << EOD
10000 0.00751064 0.00458437 0.0104369
30000 0.0157872 0.0133925 0.0181819
100000 0.0488797 0.0485862 0.0491732
1000000 0.485112 0.474565 0.500684
EOD
$t5 << EOD
10000 0.00102054 0.000814205 0.00122688
30000 0.00214106 0.0020245 0.00225762
100000 0.00570248 0.00536482 0.00604015
1000000 0.0579132 0.0575806 0.0581577
EOD
$t6 << EOD
10000 0.000748035 0.000346616 0.00114945
30000 0.000926026 0.000770188 0.00108186
100000 0.00180422 0.0015923 0.00201615
1000000 0.0147644 0.0147249 0.0148572
EOD
$t7 << EOD
10000 0.000471879 0.000325896 0.000617861
30000 0.000575689 0.000381009 0.000770369
100000 0.000730736 0.000567337 0.000894134
1000000 0.00343929 0.00337756 0.0037788
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0154925*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
