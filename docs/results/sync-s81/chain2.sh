#!/bin/sh
# Session 81, the controls for the sync guard's change: the micro suite, 2 vCPUs pinned,
# 6.12, 5 reps of 4 s; lockaware = 18eba53's build (the guard counting a run up to twice
# its bound, re-check at 2000 ms by default), base = d79f440's scheduler (.cache/s81/base).
set -eu
cd /work/main
. .cache/env.sh
export SCX_REF="base=/work/main/.cache/s81/base" SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 5 -t 4 -o docs/results/sync-s81/micro-6.12 micro
