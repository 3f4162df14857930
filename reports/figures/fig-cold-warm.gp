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
"interp/materialized" 0.921981
"interp/fused" 0.942103
"interp/chunked" 0.965442
"interp/tiled" 0.967812
"interp/hoisted" 1.00231
"interp/sorted" 1.16861
"interp/gram" 0.98868
"colony/naive" 0.984526
"colony/naive-reuse" 0.973194
"colony/fused" 0.992743
"colony/chunked" 0.989714
"colony/tiled" 0.997183
"colony/cells" 1.12109
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
