#!/bin/sh
# Session 84, after chain6.sh: what --no-balance does to sysbench threads (the program whose
# threads, created while every CPU is busy, the balance evens out: §22.1) at 4 vCPUs
# (OVERSUBSCRIBED), Linux 6.12.117, 5 interleaved reps of 4 s.
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
export SCX_REF="nobal=/work/main/target/release/scx_lockaware --no-balance"
tools/vm/suite -c 4 -r 5 -t 4 -i 1 -o $D/sbt-4 ext
echo chain7 done
