#!/bin/sh
# Session 85, after chain4.sh: micro sem again at 4 vCPUs (OVERSUBSCRIBED), 8 reps, the
# default against --balance-woken: chain4.sh read 0.84 (0.73-0.97) with at most 0.4 balance
# moves a second under either rule.
cd /work/main; . .cache/env.sh
D=docs/results/s85
export SCX_AB_OPTS=--sample-stats
export SCX_REF="woken=/work/main/target/release/scx_lockaware --balance-woken"
tools/vm/suite -c 4 -r 8 -t 4 -i 4 -o $D/sem-4 micro
echo chain5 done
