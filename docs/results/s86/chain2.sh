#!/bin/sh
# Session 86, after chain.sh: the lock suite's ssc-sizes (the search against fixed sizes) and
# counter-mutex items on the default of 0fed787 at 4 vCPUs (OVERSUBSCRIBED on the 2 host
# cores), Linux 6.12.117, 5 interleaved reps of 4 s, stats sampled (session 84's chain3.sh
# on the build before the balance rule).
cd /work/main; . .cache/env.sh
D=docs/results/s86
until grep -q "^chain done" .cache/s86-chain.log 2>/dev/null; do sleep 10; done
export SCX_AB_OPTS=--sample-stats
for i in 5 1; do tools/vm/suite -c 4 -r 5 -t 4 -i $i -o $D/lock-4 lock; done
echo chain2 done
