"""scripts/report/plots.py: the plots scripts/gen-plots drew, where they are."""
import os

from report.definitions import PLOTS


def plots_section(w, plots):
    shown = [(f, t) for f, t in PLOTS if os.path.exists(os.path.join(plots, f))]
    if shown:
        w("## Plots\n")
        for f, t in shown:
            w(f"### {t}\n\n![{t}]({plots}/{f})\n")
