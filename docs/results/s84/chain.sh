#!/bin/sh
# Session 84: issue #9's goals at 4 vCPUs on the current default (the scheduling of b80e0e9:
# sessions 75-81's search rules, the kernel-lock probes detached while the SSC confines
# nothing, --ssc-recheck-ms 2000, the capped sync guard), to replace the goals table's
# session-65 column. 4 vCPUs on the 2 host cores (OVERSUBSCRIBED: the host time-slices the
# vCPU threads), Linux 6.12.117, 5 interleaved reps of 4 s, per-second stats sampled, the
# kernel's scx_simple beside (tools/bench/build-scx-simple --version 6.12).
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
export SCX_REF="simple=$PWD/.cache/scx-simple-6.12/scx_simple"
tools/vm/suite -c 4 -r 5 -t 4 -o $D/ext-4 ext
tools/vm/suite -c 4 -r 5 -t 4 -o $D/micro-4 micro
unset SCX_REF
for i in 1 2 5; do tools/vm/suite -c 4 -r 5 -t 4 -i $i -o $D/lock-4 lock; done
echo chain done
