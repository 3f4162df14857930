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
10000 0.225781 0.217621 0.234268
30000 0.651738 0.650706 0.666764
100000 2.26608 2.2252 2.3134
300000 7.43429 7.20158 7.65577
1000000 40.0963 40.0963 40.0963
EOD
$t1 << EOD
10000 0.0184233 0.0163821 0.0196736
30000 0.0510198 0.0497103 0.0512254
100000 0.165316 0.161351 0.197554
300000 0.503816 0.499485 0.569511
1000000 1.52814 1.52187 1.60488
EOD
$t2 << EOD
10000 0.0066326 0.00655658 0.00683798
30000 0.0199612 0.0199512 0.0203528
100000 0.0657359 0.0656515 0.0674685
300000 0.201993 0.201971 0.202737
1000000 0.665085 0.641445 0.66756
EOD
$t3 << EOD
10000 0.0170289 0.0161073 0.0170721
30000 0.0410428 0.0391752 0.0495928
100000 0.116949 0.114278 0.118464
300000 0.343612 0.332147 0.351481
1000000 1.06905 1.04779 1.11466
EOD
$t4 << EOD
10000 0.00452935 0.00450687 0.00453943
30000 0.0258132 0.0227614 0.0301426
100000 0.0565658 0.0539875 0.0584995
300000 0.153515 0.150277 0.169541
1000000 0.481127 0.468578 0.506783
EOD
$t5 << EOD
10000 0.00127333 0.00125285 0.00138511
30000 0.00295161 0.00290638 0.00303661
100000 0.00772191 0.00759279 0.00812063
300000 0.0249427 0.024853 0.0250757
1000000 0.0635656 0.0627048 0.0667318
EOD
$t6 << EOD
10000 0.00104254 0.00104184 0.00110062
30000 0.00195214 0.00181543 0.00197007
100000 0.00311147 0.00310506 0.00315558
300000 0.00746144 0.00743457 0.0074891
1000000 0.021999 0.0217691 0.0223113
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
