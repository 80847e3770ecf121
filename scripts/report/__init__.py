"""scripts/report: RESULTS.md, one module per section (scripts/gen-results
calls them in order), what they measure against what as data
(definitions.py, targets.tsv), how figures are written (text.py)."""
