#!/bin/sh
# Session 85, after chain2.sh: every ext item (and the micro controls: not run, stopped for time) at 4 vCPUs
# (OVERSUBSCRIBED on 2 host cores), Linux 6.12.117, 5 interleaved reps of 4 s: the new
# default (the balance moves only tasks that ran since they woke) against --balance-woken
# (the rule before), EEVDF and notrace (the suite's own variants) beside.
cd /work/main; . .cache/env.sh
D=docs/results/s85
export SCX_AB_OPTS=--sample-stats
export SCX_REF="woken=/work/main/target/release/scx_lockaware --balance-woken"
tools/vm/suite -c 4 -r 5 -t 4 -o $D/ext-4 ext
tools/vm/suite -c 4 -r 5 -t 4 -o $D/micro-4 micro
echo chain3 done
