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
10000 0.437238 0.352182 0.474143
30000 1.104 1.0242 1.1173
100000 3.48921 3.34475 3.53949
1000000 85.3217 85.3217 85.3217
EOD
$t1 << EOD
10000 0.0488069 0.0364123 0.0502774
30000 0.101832 0.0761634 0.137945
100000 0.297188 0.260872 0.298808
1000000 3.27761 2.47529 4.76639
EOD
$t2 << EOD
10000 0.0345509 0.034355 0.048241
30000 0.107858 0.0941064 0.153636
100000 0.433561 0.306577 0.43655
1000000 4.51142 3.04328 6.02729
EOD
$t3 << EOD
10000 0.0259578 0.0249011 0.0364869
30000 0.0743128 0.0609772 0.103187
100000 0.175332 0.171291 0.280975
1000000 2.16361 1.5883 2.69324
EOD
$t4 << EOD
10000 0.0237467 0.022437 0.0247203
30000 0.0671331 0.0340206 0.0679129
100000 0.16047 0.124173 0.168683
1000000 1.85956 1.00554 2.22387
EOD
$t5 << EOD
10000 0.00397955 0.0036353 0.00467429
30000 0.00631698 0.00605929 0.00712375
100000 0.0156249 0.0155745 0.0164739
1000000 0.159612 0.12794 0.173878
EOD
$t6 << EOD
10000 0.00361667 0.00308957 0.00367872
30000 0.00426891 0.00392972 0.0047877
100000 0.00825414 0.0082342 0.00838284
1000000 0.0686643 0.0592766 0.0775067
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0488069*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
