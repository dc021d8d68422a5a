#!/bin/sh
# session 75: the third-party suite with the change, the build before it beside (prev), 2 vCPUs,
# 3 reps of 4 s, stats sampled.
cd /work/main; . .cache/env.sh
SCX_REF="prev=/work/prev/scx_lockaware" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 3 -t 4 -o docs/results/host-s75/ext ext
