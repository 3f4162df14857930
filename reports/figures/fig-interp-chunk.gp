# fig-interp-chunk: interp: the chunk size as a memory-time trade-off
# written by reports/report; redraw with `gnuplot fig-interp-chunk.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-interp-chunk.svg'
set title "interp: the chunk size as a memory-time trade-off" noenhanced
set key outside right top noenhanced
set grid
set logscale x
set xlabel 'peak workspace (bytes)'
set ylabel 'median time per run (s)'
set format x '%.0e'
set offsets graph 0.05, graph 0.1, graph 0.1, graph 0.1
$c << EOD
131072 0.682847 "B=100"
1.31072e+06 0.682056 "B=1000"
1.25829e+07 0.818106 "B=10000"
1.34676e+08 0.816616 "B=100000"
1.34637e+09 1.37271 "B=1000000"
EOD
$mat << EOD
1.34637e+09 1.3506
EOD
plot $c using 1:2 with linespoints pt 7 lc 4 title 'chunked (B points at a time)', $c using 1:2:3 with labels offset 0,1 notitle, $mat using 1:2 with points pt 5 ps 1.5 lc 2 title 'materialized', 0.650736 with lines dt 2 lw 2 lc 3 title 'fused (workspace 0 B)'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-interp-chunk.png'
replot
set output
