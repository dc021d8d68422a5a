#!/bin/sh
# session 82: the current default (the build of b80e0e9: sessions 75-81's search rules, the
# kernel-lock probes detached while the SSC confines nothing, --ssc-recheck-ms 2000, the
# capped sync guard) on issue #9's suites, to replace the goals table's session-64 column.
# 2 vCPUs pinned a vCPU per host core (not oversubscribed), 5 interleaved reps of 4 s,
# Linux 6.12.117, per-second stats sampled.
cd /work/main; . .cache/env.sh
D=docs/results/refresh-s82
export SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 5 -t 4 -o $D/ext-6.12 ext
tools/vm/suite -c 2 -r 5 -t 4 -o $D/micro-6.12 micro
for i in 1 2 5; do tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/lock-6.12 lock; done
echo chain done
