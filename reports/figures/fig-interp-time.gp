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
10000 0.224116 0.222983 0.226682
30000 0.702398 0.691209 0.70787
100000 2.36031 2.34374 2.41456
1000000 69.3597 69.3597 69.3597
EOD
$t1 << EOD
10000 0.0160119 0.0149547 0.0167474
30000 0.0457578 0.0453082 0.0477833
100000 0.154134 0.150734 0.161785
1000000 1.51996 1.42198 2.96162
EOD
$t2 << EOD
10000 0.00799948 0.0078944 0.00814841
30000 0.023447 0.0228126 0.0236677
100000 0.0879423 0.0769536 0.106621
1000000 0.722447 0.700997 1.26584
EOD
$t3 << EOD
10000 0.015184 0.0151411 0.0154361
30000 0.0321786 0.0313577 0.0337865
100000 0.10253 0.0951122 0.128559
1000000 0.967839 0.830488 1.46827
EOD
$t4 << EOD
10000 0.00753919 0.00753739 0.00757629
30000 0.0176878 0.0168829 0.0200986
100000 0.0648524 0.0587383 0.0772242
1000000 0.591341 0.479047 1.19301
EOD
$t5 << EOD
10000 0.00130915 0.00120171 0.00135141
30000 0.00269773 0.00268901 0.00282553
100000 0.00906087 0.00877564 0.00914986
1000000 0.0724319 0.069857 0.117711
EOD
$t6 << EOD
10000 0.000975665 0.000903127 0.00106449
30000 0.00135377 0.00128722 0.00139672
100000 0.00277829 0.00270367 0.00291607
1000000 0.0174045 0.0161399 0.0455483
EOD
plot (x >= 8333.33 && x <= 1.2e+06) ? 0.0160119*(x/10000)**1 : 1/0 with lines dt 3 lw 2 lc rgb '#555555' title 'slope N^1 (reference)', $t0 using 1:2:3:4 with yerrorlines pt 6 ps 1.3 lw 1.5 lc rgb '#0072B2' title 'eager', \
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
