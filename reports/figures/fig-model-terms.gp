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
"interp/materialized" 0.610321 0 0.0955078 0.274654
"interp/fused" 1.09462 0.00016818 0 2.21435e-05
"interp/chunked" 0.995486 0.0812584 0 0.00450286
"interp/tiled" 0.940662 0.240438 0 3.07905e-05
"interp/hoisted" 0.248223 0.814044 0 0.0001302
"interp/sorted" 0.73624 0.0289582 0 0.0823389
"interp/gram" 1.03662 0.0455175 0 0.00184403
"colony/naive" 0.138651 0 0.184571 0.700265
"colony/naive-reuse" 0.312338 0 0.415783 0.315508
"colony/fused" 0.963758 4.93861e-05 0 0.000108896
"colony/chunked" 0.587962 0.269322 0 0.0928732
"colony/tiled" 1.09899 0.000102072 0 0.000296964
"colony/cells" 0.812049 0.00476635 0 0.00429431
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
