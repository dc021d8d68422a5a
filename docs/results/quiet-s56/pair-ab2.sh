#!/bin/sh
cd /work/main
PY=/root/.pyenv/versions/3.11.7/bin/python3
$PY docs/results/quiet-s56/gaps.py 2
for i in 1 2 3 4 5 6; do
  echo "== before"; SCX_LOCKAWARE_BIN=/work/main/.cache/base-s56-scx_lockaware $PY docs/results/pair-s55/trace.py 1 | head -1
  echo "== new"; $PY docs/results/pair-s55/trace.py 1 | head -1
done
