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
"interp/materialized" 0.899833
"interp/fused" 0.927407
"interp/chunked" 0.856871
"interp/tiled" 0.918024
"interp/hoisted" 1.00026
"interp/sorted" 1.20401
"interp/gram" 0.982584
"colony/naive" 1.05212
"colony/naive-reuse" 1.19063
"colony/fused" 1.02886
"colony/chunked" 1.24291
"colony/tiled" 0.981658
"colony/cells" 1.17709
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
