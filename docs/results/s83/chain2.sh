#!/bin/sh
# session 83: the rest of the goals table's 7.2 column on the current default (b80e0e9's
# scheduler): the ext items chain.sh did not run, and the lock suite's counter-mutex, mmap and
# ssc-sizes; Linux 7.2.13, 2 vCPUs pinned, 5 reps of 4 s, stats sampled.
cd /work/main; . .cache/env.sh
D=docs/results/s83
export SCX_VM_KERNEL=$SCX_VM_KERNEL_72 SCX_AB_OPTS=--sample-stats
for i in 1 2 3 6 7 8 10 11 12 15 16 18; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/ext-7.2 ext
done
for i in 1 2 5; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/lock-7.2 lock
done
echo chain2 done
