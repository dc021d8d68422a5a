#!/bin/sh
cd /work/main
for i in 1 2 3 4 5 6; do
  echo "== before"; SCX_LOCKAWARE_BIN=/work/main/.cache/base-s56-scx_lockaware /root/.pyenv/versions/3.11.7/bin/python3 docs/results/quiet-s56/leave.py 1
  echo "== new"; /root/.pyenv/versions/3.11.7/bin/python3 docs/results/quiet-s56/leave.py 1
done
