#!/bin/sh
# Session 85, after chain.sh: the balance moves only tasks that ran since they woke (the new
# default) against --balance-woken (the rule before) and --no-balance, perf bench sched
# messaging at 4 vCPUs (OVERSUBSCRIBED on 2 host cores), Linux 6.12.117, 8 interleaved reps.
cd /work/main; . .cache/env.sh
D=docs/results/s85
export SCX_AB_OPTS=--sample-stats
export SCX_REF="woken=/work/main/target/release/scx_lockaware --balance-woken;nobal=/work/main/target/release/scx_lockaware --no-balance"
tools/vm/suite -c 4 -r 8 -t 4 -i 5 -o $D/msg2-4 ext
echo chain2 done
