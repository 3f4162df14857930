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
"interp/materialized" 1.13752
"interp/fused" 1.25468
"interp/chunked" 1.31199
"interp/tiled" 1.11447
"interp/hoisted" 1.53114
"interp/sorted" 1.77685
"interp/gram" 1.91175
"colony/naive" 0.916805
"colony/naive-reuse" 0.9223
"colony/fused" 0.972285
"colony/chunked" 0.994448
"colony/tiled" 0.978441
"colony/cells" 1.20559
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
