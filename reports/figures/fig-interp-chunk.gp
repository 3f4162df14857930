# fig-interp-chunk: interp chunked: memory and time at each chunk size
# written by reports/report; redraw with `gnuplot fig-interp-chunk.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-chunk.svg'
set title "interp chunked: memory and time at each chunk size" noenhanced
set key outside right top noenhanced
set grid
set logscale x
set xlabel 'peak workspace'
set ylabel 'median time per run (s)'
chunked_colour = 13400487
set format x '%.0s %cB'
set autoscale xfix
set offsets graph 0.06, graph 0.06, graph 0.1, graph 0.1
$c << EOD
131072 0.644786 "B=100"
1.31072e+06 0.6418 "B=1000"
1.25829e+07 0.772555 "B=10000"
1.34676e+08 0.763282 "B=100000"
1.34637e+09 1.22426 "B=1000000"
EOD
$mat << EOD
1.34637e+09 1.30655
EOD
plot $c using 1:2 with linespoints pt 6 ps 1.5 lw 2 lc rgb chunked_colour title 'chunked (B points at a time)', $c using 1:2:3 with labels offset 0,1 notitle, $mat using 1:2 with points pt 4 ps 2 lw 2 lc rgb '#E69F00' title 'materialized (one batch of N)', 0.671755 with lines dt 2 lw 2 lc rgb '#009E73' title 'fused, no batch (workspace < 64 KiB)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-chunk.png'
replot
set output
