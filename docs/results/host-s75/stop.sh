#!/bin/sh
# session 75: the change (an early-ended window never stops the search) against the build
# before it (/work/prev: 64e92dc's scheduler) on stress-ng pipe at 2 vCPUs, 10 reps, then
# the one-mutex sweep against fixed SSC sizes (lock item 5) and counter-mutex (lock item 1).
cd /work/main; . .cache/env.sh
P="prev=/work/prev/scx_lockaware"
SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o docs/results/host-s75/stop ext
SCX_REF="$P" tools/vm/suite -c 2 -r 5 -t 4 -i 5 -o docs/results/host-s75/stop lock
SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o docs/results/host-s75/stop lock
