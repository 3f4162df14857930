# fig-model-terms: where each variant's time goes: the time model's terms over the measured median (one core)
# written by reports/report; redraw with `gnuplot fig-model-terms.gp` in this folder
set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
set output 'fig-model-terms.svg'
set title "where each variant's time goes: the time model's terms over the measured median (one core)" noenhanced
set key outside right top noenhanced
set grid
set style data histograms
set style histogram rowstacked
set style fill solid 0.7 border -1
set boxwidth 0.75
set ylabel 'predicted seconds / measured median'
set xtics rotate by -35 noenhanced
set yrange [0:2]
set key inside left top box opaque
$t << EOD
"interp/materialized" 0.469705 0 0.0809819 0.298171
"interp/fused" 0.845761 9.52729e-05 0 2.24601e-05
"interp/chunked" 0.77417 0.045958 0 0.0049365
"interp/tiled" 0.826398 0.0425734 0 1.63554e-05
"interp/hoisted" 0.415746 0.53872 0 0.000100469
"interp/sorted" 0.974745 0.012764 0 0.000346212
"interp/gram" 1.0683 0.0194511 0 0.00191062
"colony/naive" 0.110334 0 0.0959402 0.706489
"colony/naive-reuse" 0.321379 0 0.279452 0.411577
"colony/fused" 1.03189 0.00017733 0 0.000142002
"colony/chunked" 0.614915 0.184106 0 0.123145
"colony/tiled" 0.848402 0.000309265 0 0.000228735
"colony/cells" 0.794447 0.0145392 0 0.00237861
EOD
plot $t using 2:xtic(1) lc rgb '#0072B2' title 'in-core (compute, gathers and loads as they overlap, plus the loops beside the hot loop)', $t using 3 lc rgb '#56B4E9' title 'L2 and L3 transfers', $t using 4 lc rgb '#E69F00' title 'DRAM transfers', $t using 5 lc rgb '#CC79A7' title 'page faults', 1 with lines dt 2 lw 2 lc rgb 'black' title 'measured median'
set output
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1200,750 font 'Sans,12'
} else {
  set terminal png size 1200,750
}
set output 'fig-model-terms.png'
replot
set output
