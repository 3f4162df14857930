# fig-cold-warm: first (cold) run time over the median of the timed runs
# written by reports/report; redraw with `gnuplot fig-cold-warm.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-cold-warm.svg'
set title "first (cold) run time over the median of the timed runs" noenhanced
set key outside right top noenhanced
set grid
set style data histograms
set style fill solid 0.6 border -1
set boxwidth 0.8
set ylabel 'cold time / median time (ratio)'
set xtics rotate by -35 noenhanced
set yrange [0:*]
set key off
$r << EOD
"interp/materialized" 0.953618
"interp/fused" 0.946552
"interp/chunked" 0.994296
"interp/tiled" 1.3216
"interp/hoisted" 1.01429
"interp/sorted" 1.25555
"interp/gram" 1.02237
"colony/naive" 0.940875
"colony/naive-reuse" 0.987251
"colony/fused" 0.976874
"colony/chunked" 0.961666
"colony/tiled" 0.988283
"colony/cells" 1.23731
EOD
plot $r using 2:xtic(1) lc 4, 1 with lines dt 2 lc rgb 'black'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-cold-warm.png'
replot
set output
