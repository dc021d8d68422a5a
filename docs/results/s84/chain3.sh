#!/bin/sh
# Session 84, after chain2.sh: the lock suite's ssc-sizes (the search against fixed sizes)
# and counter-mutex items at 4 vCPUs (OVERSUBSCRIBED on the 2 host cores), Linux 6.12.117,
# 5 interleaved reps of 4 s, stats sampled.
cd /work/main; . .cache/env.sh
D=docs/results/s84
export SCX_AB_OPTS=--sample-stats
for i in 5 1; do tools/vm/suite -c 4 -r 5 -t 4 -i $i -o $D/lock-4 lock; done
echo chain3 done
