#!/bin/sh
# Session 87, after chain2.sh: the new default (ratio 3) against ratio 0 (`r0`) at 2 vCPUs
# pinned a vCPU per host core (not oversubscribed), Linux 6.12.117, 5 interleaved reps of
# 4 s, stats sampled: the ext items whose woken tasks the rule before moved at 2 vCPUs
# (messaging, stress-ng flock; section 105.1).
cd /work/main; . .cache/env.sh
D=docs/results/s87
B=/work/main/target/release
export SCX_AB_OPTS=--sample-stats
for i in 5 8; do
  SCX_REF="r0=$B/scx_lockaware --balance-woken-ratio 0" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/ext-2 ext
done
echo chain3 done
