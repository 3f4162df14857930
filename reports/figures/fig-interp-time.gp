# fig-interp-time: interp: median time against N (M fixed)
# written by harness report; redraw with `gnuplot fig-interp-time.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-time.svg'
set title "interp: median time against N (M fixed)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'N (evaluation points)'
set ylabel 'median time per run (s)'
set format x '%.0e'
$t0 << EOD
10000 0.274393 0.258263 0.277903
30000 0.7946 0.785389 0.810303
100000 2.3542 2.34631 2.55792
300000 6.80913 6.5125 6.92369
1000000 36.1893 36.1893 36.1893
EOD
$t1 << EOD
10000 0.0198488 0.0176817 0.0244815
30000 0.0633573 0.0421947 0.0652335
100000 0.144937 0.143284 0.153882
300000 0.40845 0.390711 0.470298
1000000 1.42819 1.3228 1.69866
EOD
$t2 << EOD
10000 0.0073725 0.00736258 0.00753151
30000 0.0281404 0.02444 0.0297569
100000 0.066187 0.0659204 0.0662129
300000 0.193048 0.192696 0.19704
1000000 0.770962 0.636207 1.22853
EOD
$t3 << EOD
10000 0.0189424 0.0187955 0.0190025
30000 0.0328368 0.0310096 0.0329309
100000 0.0894544 0.0873761 0.0917288
300000 0.232199 0.231023 0.232397
1000000 1.02221 0.800922 1.14152
EOD
$t4 << EOD
10000 0.0116467 0.0115811 0.0123606
30000 0.0139449 0.0135142 0.0194737
100000 0.0589409 0.0516292 0.0756751
300000 0.129875 0.1283 0.13155
1000000 1.00049 0.870132 1.06867
EOD
$t5 << EOD
10000 0.00199334 0.00194641 0.00230232
30000 0.00292934 0.00289075 0.00293324
100000 0.00791962 0.00779964 0.00816832
300000 0.0184697 0.0184657 0.01877
1000000 0.0644415 0.0631576 0.0655632
EOD
$t6 << EOD
10000 0.00155793 0.00153782 0.00165684
30000 0.00624495 0.00208459 0.0086973
100000 0.00344207 0.00335034 0.00346432
300000 0.0068427 0.00681811 0.00684953
1000000 0.0229842 0.0223978 0.0235769
EOD
plot $t0 using 1:2:3:4 with yerrorlines pt 7 lc 1 title 'eager', \
  $t1 using 1:2:3:4 with yerrorlines pt 7 lc 2 title 'materialized', \
  $t2 using 1:2:3:4 with yerrorlines pt 7 lc 3 title 'fused', \
  $t3 using 1:2:3:4 with yerrorlines pt 7 lc 4 title 'chunked', \
  $t4 using 1:2:3:4 with yerrorlines pt 7 lc 5 title 'tiled', \
  $t5 using 1:2:3:4 with yerrorlines pt 7 lc 6 title 'hoisted', \
  $t6 using 1:2:3:4 with yerrorlines pt 7 lc 7 title 'sorted'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-time.png'
replot
set output
