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
10000 0.205931 0.204238 0.207624
30000 0.61881 0.615743 0.621877
100000 2.09375 2.07183 2.11567
1000000 48.5242 48.5242 48.5242
EOD
$t1 << EOD
10000 0.0137672 0.0130883 0.014446
30000 0.0404794 0.0402644 0.0406945
100000 0.127832 0.127461 0.128203
1000000 1.30655 1.27317 1.36735
EOD
$t2 << EOD
10000 0.00675973 0.0063945 0.00712496
30000 0.0193682 0.0190086 0.0197277
100000 0.0645603 0.0636366 0.0654841
1000000 0.671755 0.652825 0.703926
EOD
$t3 << EOD
10000 0.0134397 0.0127048 0.0141746
30000 0.029011 0.0286467 0.0293753
100000 0.079884 0.079726 0.0800421
1000000 0.772555 0.726243 0.816337
EOD
$t4 << EOD
10000 0.00567984 0.00476091 0.00659877
30000 0.0163812 0.0132787 0.0194838
100000 0.0468183 0.0442719 0.0493647
1000000 0.466138 0.452119 0.523705
EOD
$t5 << EOD
10000 0.000987717 0.000845891 0.00112954
30000 0.00226827 0.00226164 0.0022749
100000 0.00580737 0.00580385 0.00581089
1000000 0.0600015 0.0557628 0.0646378
EOD
$t6 << EOD
10000 0.000605478 0.000481498 0.000729458
30000 0.000910032 0.000768957 0.00105111
100000 0.00176488 0.00174117 0.00178859
1000000 0.0144437 0.0142728 0.0152646
EOD
$t7 << EOD
10000 0.000484963 0.000381809 0.000588117
30000 0.000577537 0.000507848 0.000647226
100000 0.000711316 0.000620085 0.000802547
1000000 0.00333548 0.00327505 0.00354306
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0137672*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
