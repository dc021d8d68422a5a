#!/bin/sh
# session 76: the third-party suite (18 items) with the change and the build before side by
# side, 3 reps of 4 s at 2 vCPUs pinned, stats sampled.
cd /work/main; . .cache/env.sh
SCX_REF="prev=/work/prev76/scx_lockaware" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 3 -t 4 -o docs/results/calib-s76/ext ext
