# fig-roofline: interp: roofline with this machine's measured ceilings (one core)
# written by reports/report; redraw with `gnuplot fig-roofline.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-roofline.svg'
set title "interp: roofline with this machine's measured ceilings (one core)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'arithmetic intensity (FLOP per byte the schedule moves)'
set ylabel 'GFLOP/s'
set xrange [0.01:10000]
set yrange [0.1:1000]
set samples 400
$v0 << EOD
0.13 0.241117 0.236631
EOD
$v1 << EOD
2.4375 8.95485 23.3702
EOD
$v2 << EOD
1312.01 17.4171 25.4579
EOD
$v3 << EOD
2.4375 15.1445 25.4579
EOD
$v4 << EOD
1312.01 25.0999 37.8222
EOD
$v5 << EOD
216.838 49.9988 78.7578
EOD
$v6 << EOD
97.5521 207.703 271.318
EOD
$v7 << EOD
6.93406 18.5386 23.3353
EOD
plot (x*455.8 < 272.1 ? x*455.8 : 272.1) w l lw 1 dt 4 lc rgb '#777777' t 'L1 roof, 456 GB/s', (x*218.4 < 272.1 ? x*218.4 : 272.1) w l lw 1 dt 3 lc rgb '#777777' t 'L2 roof, 218 GB/s', (x*96.94 < 272.1 ? x*96.94 : 272.1) w l lw 1 dt 2 lc rgb '#777777' t 'L3 roof, 97 GB/s', (x*42 < 272.1 ? x*42 : 272.1) w l lw 2 dt 1 lc rgb 'black' t 'DRAM roof, 42 GB/s; the flat part: FMA peak', 23.1 w l lw 2 dt 3 lc rgb '#444444' t 'in-core roof: gathers (l3, 4 a unit), 23.1 GFLOP/s', 37.82 w l lw 2 dt 3 lc rgb '#444444' t 'in-core roof: gathers (l2, 4 a unit), 37.8 GFLOP/s', $v0 using 1:2 with points pt 6 ps 2 lw 2 lc rgb '#0072B2' title 'eager (DRAM; page faults)', $v0 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#0072B2' notitle, \
  $v1 using 1:2 with points pt 4 ps 2 lw 2 lc rgb '#E69F00' title 'materialized (DRAM; page faults or gathers)', $v1 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#E69F00' notitle, \
  $v2 using 1:2 with points pt 8 ps 2 lw 2 lc rgb '#009E73' title 'fused (L3; gathers)', $v2 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#009E73' notitle, \
  $v3 using 1:2 with points pt 10 ps 2 lw 2 lc rgb '#CC79A7' title 'chunked (L3; gathers)', $v3 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#CC79A7' notitle, \
  $v4 using 1:2 with points pt 12 ps 2 lw 2 lc rgb '#56B4E9' title 'tiled (L3; gathers)', $v4 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#56B4E9' notitle, \
  $v5 using 1:2 with points pt 14 ps 2 lw 2 lc rgb '#8C6D31' title 'hoisted (L3; L3 traffic)', $v5 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#8C6D31' notitle, \
  $v6 using 1:2 with points pt 1 ps 2 lw 2 lc rgb '#7F3C8D' title 'sorted (L3; ports and window (llvm-mca))', $v6 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#7F3C8D' notitle, \
  $v7 using 1:2 with points pt 2 ps 2 lw 2 lc rgb '#999933' title 'gram (L3; gathers)', $v7 using 1:3:($1/1.8):($1*1.8) with xerrorbars pt 0 lw 3 lc rgb '#999933' notitle
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-roofline.png'
replot
set output
