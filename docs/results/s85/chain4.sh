#!/bin/sh
# Session 85, after chain3.sh: the micro controls at 4 vCPUs (OVERSUBSCRIBED on 2 host
# cores), Linux 6.12.117, 5 interleaved reps of 4 s: the new default against --balance-woken
# (the rule before), EEVDF beside; the build with the rule's statistics.
cd /work/main; . .cache/env.sh
D=docs/results/s85
export SCX_AB_OPTS=--sample-stats
export SCX_REF="woken=/work/main/target/release/scx_lockaware --balance-woken"
tools/vm/suite -c 4 -r 5 -t 4 -o $D/micro-4 micro
echo chain4 done
