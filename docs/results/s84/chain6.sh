#!/bin/sh
# Session 84, after chain5.sh: messaging at 4 vCPUs (OVERSUBSCRIBED) with the balance's
# unserved wait at 4 slices (--balance-min-wait-us 20000; default: the slice, 5000) and
# --no-balance beside the default, Linux 6.12.117, 8 interleaved reps of 4 s.
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
export SCX_REF="wait20=/work/main/target/release/scx_lockaware --balance-min-wait-us 20000;nobal=/work/main/target/release/scx_lockaware --no-balance"
tools/vm/suite -c 4 -r 8 -t 4 -i 5 -o $D/msg3-4 ext
echo chain6 done
