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
"interp/materialized" 1.01124
"interp/fused" 0.967059
"interp/chunked" 0.984288
"interp/tiled" 0.925215
"interp/hoisted" 0.973258
"interp/sorted" 1.24596
"colony/naive" 1.11112
"colony/naive-reuse" 0.963582
"colony/fused" 0.993032
"colony/chunked" 1.27351
"colony/tiled" 0.976988
"colony/cells" 1.0591
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
