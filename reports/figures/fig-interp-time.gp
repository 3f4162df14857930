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
10000 0.249563 0.247855 0.252531
30000 0.742652 0.737861 0.75521
100000 2.53393 2.53066 3.03571
1000000 63.3373 63.3373 63.3373
EOD
$t1 << EOD
10000 0.0177342 0.0176341 0.0178803
30000 0.0534412 0.0530851 0.0811794
100000 0.170645 0.170058 0.17119
1000000 1.7636 1.70651 1.89029
EOD
$t2 << EOD
10000 0.0103931 0.0103242 0.0104345
30000 0.0285991 0.0285884 0.0287659
100000 0.0938727 0.0931417 0.116657
1000000 0.98085 0.946163 0.997345
EOD
$t3 << EOD
10000 0.0175166 0.0173412 0.0176881
30000 0.0393219 0.0389749 0.0408365
100000 0.107113 0.106999 0.10738
1000000 1.08557 1.02097 1.11808
EOD
$t4 << EOD
10000 0.00873878 0.00866341 0.00905354
30000 0.0215818 0.0214421 0.0217009
100000 0.0662513 0.0660254 0.0663372
1000000 0.664165 0.656578 0.714199
EOD
$t5 << EOD
10000 0.0017196 0.00164732 0.00172838
30000 0.00350927 0.00347829 0.00355618
100000 0.00965351 0.00964687 0.00968272
1000000 0.0922886 0.0914532 0.0960542
EOD
$t6 << EOD
10000 0.00126232 0.0012486 0.00132931
30000 0.00173048 0.00170404 0.00177553
100000 0.00373795 0.00373123 0.00378186
1000000 0.0310856 0.0306621 0.0342145
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0177342*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
