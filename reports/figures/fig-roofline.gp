# fig-roofline: interp: roofline with this machine's measured ceilings (one core)
# written by reports/report; redraw with `gnuplot fig-roofline.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-roofline.svg'
set title "interp: roofline with this machine's measured ceilings (one core)" noenhanced
set key outside right top noenhanced
set grid
set logscale xy
set xlabel 'arithmetic intensity (FLOP per DRAM byte the schedule moves)'
set ylabel 'GFLOP/s'
set xrange [0.01:10000]
set yrange [0.01:1000]
set samples 400
$v << EOD
0.13 0.311434 eager
2.4375 8.6628 materialized
1312.01 17.9796 fused
2.4375 16.5881 chunked
1312.01 26.9958 tiled
216.838 48.4387 hoisted
77.4138 141.871 sorted
EOD
roof(x) = (x * 28.4737 < 263.278) ? x * 28.4737 : 263.278
plot roof(x) with lines lw 2 lc rgb 'black' title 'min(triad 28.5 GB/s x I, FMA 263.3 GFLOP/s)', $v using 1:2 with points pt 7 ps 1.5 lc 7 title 'variants at N=1e6', $v using 1:2:3 with labels offset 0,1 notitle
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-roofline.png'
replot
set output
