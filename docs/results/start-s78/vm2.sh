#!/bin/sh
# session 78: the ext suite (6.12, 2 vCPUs, 3 reps of 4 s) with the detaching pause (the build's
# default) and without it (--klock-pause-ms 0, nopause): the pause must change nothing where
# the CPUs contend less often than --klock-trace-rate, and gain where they contend more.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s78/ext
SCX_REF="nopause=$B --klock-pause-ms 0" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 3 -t 4 -o $O ext
