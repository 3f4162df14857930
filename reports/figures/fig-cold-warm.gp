# fig-cold-warm: first (cold) run time over the median of the timed runs
# written by harness report; redraw with `gnuplot fig-cold-warm.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-cold-warm.svg'
set title "first (cold) run time over the median of the timed runs" noenhanced
set key outside right top noenhanced
set grid
set style data histograms
set style fill solid 0.6 border -1
set boxwidth 0.8
set ylabel 'cold time / median time'
set xtics rotate by -35 noenhanced
set yrange [0:*]
set key off
$r << EOD
"interp/eager" 1.4178
"interp/materialized" 1.08887
"interp/fused" 0.965898
"interp/chunked" 0.969274
"interp/tiled" 0.945383
"interp/hoisted" 1.08543
"interp/sorted" 1.17436
"colony/naive" 1.00003
"colony/naive-reuse" 1.01513
"colony/chunked" 0.98924
"colony/fused" 0.979683
"colony/tiled" 0.997374
"colony/cells" 1.0158
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
