#!/bin/sh
# session 76: a stop decided alone by its parts' noise before the noise scale is calibrated
# is judged again with a scale of 2 (the change) against the build before it (/work/prev76:
# 51078e4's scheduler) on stress-ng pipe at 2 vCPUs (ext item 15), 20 reps, then counter-mutex
# (lock item 1) and the one-mutex sweep against fixed SSC sizes (lock item 5), 5 reps.
cd /work/main; . .cache/env.sh
P="prev=/work/prev76/scx_lockaware"
O=docs/results/calib-s76
SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 20 -t 4 -i 15 -o $O ext
SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o $O lock
SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i 5 -o $O lock
