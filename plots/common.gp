# plots/common.gp: the look every rcutable plot shares.  Implementation k of
# impls is drawn in colour impl_col(k), point type impl_pt(k) and dash type impl_dt(k)
# (scripts/gen-plots passes cols, pts and dts: the same in every plot,
# rcutable's own solid, the peers dashed).  Keys go below the plot.
set terminal pngcairo size 1400,820 font "sans,11" noenhanced
set output out
set grid ytics lc rgb "#dddddd"
set key below horizontal maxrows 4 box
set border 3
set tics nomirror
impl_col(k) = word(cols, k)
impl_pt(k) = int(word(pts, k))
impl_dt(k) = int(word(dts, k))
# Reader counts 0, 1, 2, 4, 8, 16 at even steps: readers_x(r) is r's place.
readers_x(r) = r < 3 ? r : r == 4 ? 3 : r == 8 ? 4 : 5
set_readers_axis = "set xrange [-0.6:5.6]; set xtics ('0' 0, '1' 1, '2' 2, '4' 3, '8' 4, '16' 5)"
