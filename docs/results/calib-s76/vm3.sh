#!/bin/sh
# session 76: lock items 2 (mmap) and 3 (postmark), the change against the build before, 5 reps
# at 2 vCPUs pinned, stats sampled.
cd /work/main; . .cache/env.sh
P="prev=/work/prev76/scx_lockaware"
for i in 2 3; do
  SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i $i -o docs/results/calib-s76 lock
done
