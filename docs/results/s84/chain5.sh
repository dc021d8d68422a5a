#!/bin/sh
# Session 84, after chain4.sh found --no-balance 1.39x the default on messaging at 4 vCPUs:
# the same beside the default at 2 vCPUs pinned a vCPU per host core (not oversubscribed),
# Linux 6.12.117, 8 interleaved reps of 4 s.
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
export SCX_REF="nobal=/work/main/target/release/scx_lockaware --no-balance"
tools/vm/suite -c 2 -r 8 -t 4 -i 5 -o $D/msg-2 ext
echo chain5 done
