#!/bin/sh
# Session 85: messaging at 4 vCPUs (OVERSUBSCRIBED on 2 host cores), Linux 6.12.117,
# 8 interleaved reps: the default, --no-balance, and the balance's checks with
# (almost) no move (--balance-min-wait-us 1000000: a head must go unserved 1 s).
# Separates what the balance's per-dispatch checks cost from what its moves cost.
cd /work/main; . .cache/env.sh
D=docs/results/s85
export SCX_AB_OPTS=--sample-stats
export SCX_REF="wait1s=/work/main/target/release/scx_lockaware --balance-min-wait-us 1000000;nobal=/work/main/target/release/scx_lockaware --no-balance"
tools/vm/suite -c 4 -r 8 -t 4 -i 5 -o $D/msg-4 ext
echo chain done
