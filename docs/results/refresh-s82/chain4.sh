#!/bin/sh
# session 82, after chain3.sh: issue #12's inform suite on the current default, 2 vCPUs
# pinned, 5 interleaved reps of 4 s, Linux 6.12.117, stats sampled.
cd /work/main; . .cache/env.sh
D=docs/results/refresh-s82
while kill -0 "$(cat .cache/chain3-s82.pid)" 2>/dev/null; do sleep 5; done
export SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 5 -t 4 -o $D/inform-6.12 inform
echo chain4 done
