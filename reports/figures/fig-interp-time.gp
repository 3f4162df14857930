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
10000 0.35791 0.338191 0.359394
30000 1.16719 1.10324 1.18297
100000 3.32413 3.19355 3.55364
1000000 39.2889 39.2889 39.2889
EOD
$t1 << EOD
10000 0.0308524 0.0269964 0.0320613
30000 0.0995705 0.0941624 0.101234
100000 0.297373 0.290907 0.317203
1000000 3.59763 3.25079 3.98128
EOD
$t2 << EOD
10000 0.020578 0.0190402 0.0208745
30000 0.0631536 0.0599727 0.0769273
100000 0.191395 0.18299 0.192114
1000000 2.32069 2.07908 2.71892
EOD
$t3 << EOD
10000 0.0314024 0.0283223 0.0315217
30000 0.0829546 0.0788215 0.0874613
100000 0.232103 0.219726 0.23829
1000000 2.78104 2.45195 2.94688
EOD
$t4 << EOD
10000 0.00847969 0.00806206 0.00884702
30000 0.0277575 0.0274406 0.0315301
100000 0.0853263 0.0704725 0.0932302
1000000 1.02055 0.731179 1.14446
EOD
$t5 << EOD
10000 0.00568933 0.00567721 0.00595124
30000 0.0113674 0.0109963 0.0125002
100000 0.028646 0.0278609 0.031924
1000000 0.327202 0.290942 0.337309
EOD
$t6 << EOD
10000 0.00373229 0.00372435 0.00385125
30000 0.0049201 0.0048433 0.0050164
100000 0.00753354 0.00701573 0.00808993
1000000 0.0438633 0.0395709 0.0547613
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0308524*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
