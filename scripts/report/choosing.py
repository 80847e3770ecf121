"""scripts/report/choosing.py: rcutable-choose's guide on the run's figures."""
import os
import subprocess
import sys


CHOOSER = os.environ.get("RCUTABLE_CHOOSE", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "bin", "rcutable-choose"))


def guide(d):
    """rcutable-choose's guide (chooser/choose_guide.c) on the figures of d."""
    try:
        return subprocess.run([CHOOSER, "--guide", "--results=" + d], check=True,
                              capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"gen-results: {CHOOSER} --guide failed ({e}); `make` builds it")


def choosing_section(w, d):
    """rcutable-choose's guide on this run's figures: the decision table and
    when to use each implementation."""
    w("## Choosing an implementation\n")
    w(guide(d))
