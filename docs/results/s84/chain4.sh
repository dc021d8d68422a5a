#!/bin/sh
# Session 84, after chain3.sh: perf bench sched messaging at 4 vCPUs again, with wake-up
# preemption off (--no-wake-preempt) and the queue balance off (--no-balance) beside the
# default and scx_simple, to find what costs our base against scx_simple there (§103.3).
# 4 vCPUs on the 2 host cores (OVERSUBSCRIBED), Linux 6.12.117, 8 interleaved reps of 4 s.
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
export SCX_REF="nopreempt=/work/main/target/release/scx_lockaware --no-wake-preempt;nobal=/work/main/target/release/scx_lockaware --no-balance;simple=$PWD/.cache/scx-simple-6.12/scx_simple"
tools/vm/suite -c 4 -r 8 -t 4 -i 5 -o $D/msg2-4 ext
echo chain4 done
