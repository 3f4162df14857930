# fig-roofline: interp: roofline with this machine's measured ceilings (one core)
# written by harness report; redraw with `gnuplot fig-roofline.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-roofline.svg'
set title "interp: roofline with this machine's measured ceilings (one core)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'arithmetic intensity (FLOP per byte of the schedule''s memory traffic)'
set ylabel 'GFLOP/s'
set xrange [0.01:1000]
set yrange [0.01:1000]
set samples 400
$v << EOD
0.13 0.291797 eager
2.4375 7.65635 materialized
1312.01 17.5917 fused
2.4375 10.9443 chunked
1312.01 24.3179 tiled
216.838 47.1953 hoisted
77.4138 136.37 sorted
EOD
roof(x) = (x * 34.6031 < 265.248) ? x * 34.6031 : 265.248
plot roof(x) with lines lw 2 lc rgb 'black' title 'min(triad 34.6 GB/s x I, FMA 265.2 GFLOP/s)', $v using 1:2 with points pt 7 ps 1.5 lc 7 title 'variants at N=1e6', $v using 1:2:3 with labels offset 0,1 notitle
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-roofline.png'
replot
set output
