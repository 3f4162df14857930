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
0.13 0.3233 eager
2.4375 8.19216 materialized
0.609248 15.1759 fused
2.4375 11.4457 chunked
7.29071 11.6943 tiled
0.623204 46.5538 hoisted
77.4138 130.525 sorted
EOD
roof(x) = (x * 37.9234 < 282.969) ? x * 37.9234 : 282.969
plot roof(x) with lines lw 2 lc rgb 'black' title 'min(triad 37.9 GB/s x I, FMA 283.0 GFLOP/s)', $v using 1:2 with points pt 7 ps 1.5 lc 7 title 'variants at N=1e6', $v using 1:2:3 with labels offset 0,1 notitle
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-roofline.png'
replot
set output
