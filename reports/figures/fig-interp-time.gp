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
10000 0.267207 0.253511 0.329692
30000 1.01452 1.00568 1.10688
100000 3.28845 3.1999 3.48735
1000000 40.1987 40.1987 40.1987
EOD
$t1 << EOD
10000 0.0216604 0.0214099 0.0268692
30000 0.0917731 0.0727813 0.0948826
100000 0.27558 0.267341 0.294479
1000000 3.55975 3.41092 3.84154
EOD
$t2 << EOD
10000 0.0136443 0.0134843 0.0157905
30000 0.0583709 0.0453621 0.0585749
100000 0.193564 0.164709 0.199025
1000000 2.32165 2.06454 2.54065
EOD
$t3 << EOD
10000 0.0217399 0.0205754 0.042061
30000 0.0769685 0.0601244 0.078682
100000 0.227377 0.201911 0.229853
1000000 2.60467 2.53822 2.98106
EOD
$t4 << EOD
10000 0.00570125 0.00569706 0.014559
30000 0.0268849 0.0262156 0.0273831
100000 0.0828335 0.0729155 0.0832475
1000000 0.916663 0.781219 0.985514
EOD
$t5 << EOD
10000 0.00434312 0.00429493 0.00845342
30000 0.0107883 0.00903877 0.0109986
100000 0.0279517 0.0251753 0.0283814
1000000 0.299067 0.265334 0.330051
EOD
$t6 << EOD
10000 0.00332503 0.00318033 0.00454119
30000 0.0047517 0.0041759 0.00475588
100000 0.00717641 0.00650952 0.00751918
1000000 0.043026 0.0365922 0.0474477
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0216604*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
