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
10000 0.327664 0.323477 0.369586
30000 1.12248 1.05058 1.18145
100000 3.79395 3.60032 3.83998
1000000 41.3416 41.3416 41.3416
EOD
$t1 << EOD
10000 0.0285909 0.0251943 0.0339664
30000 0.0870246 0.0660319 0.095409
100000 0.32088 0.304379 0.32546
1000000 3.45613 2.73715 4.45329
EOD
$t2 << EOD
10000 0.0189033 0.0179182 0.029231
30000 0.0573734 0.0445488 0.0579451
100000 0.207097 0.174112 0.211373
1000000 2.1004 1.74468 2.47323
EOD
$t3 << EOD
10000 0.0303159 0.027687 0.0364862
30000 0.074312 0.0571262 0.0803323
100000 0.247077 0.213816 0.252104
1000000 2.57225 2.14058 3.06683
EOD
$t4 << EOD
10000 0.00887319 0.0080258 0.00981201
30000 0.0253581 0.0185695 0.0274821
100000 0.0737221 0.0557259 0.0945505
1000000 0.800336 0.651574 0.973411
EOD
$t5 << EOD
10000 0.00517282 0.00495544 0.00558569
30000 0.0105292 0.0103607 0.011434
100000 0.0319322 0.0312431 0.0328136
1000000 0.291122 0.229729 0.339242
EOD
$t6 << EOD
10000 0.0036505 0.00350113 0.00388019
30000 0.00442736 0.00435411 0.00446194
100000 0.00753454 0.00704313 0.00842395
1000000 0.0366795 0.0340083 0.0510862
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0285909*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
