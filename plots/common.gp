# plots/common.gp: the look every rcutable plot shares.
set terminal pngcairo size 960,600 font "sans,11" noenhanced
set output out
set grid ytics lc rgb "#dddddd"
set key top left box opaque
set border 3
set tics nomirror
