#!/bin/sh
# session 82, a diagnostic for section 101.3 (not a default to choose): sysbench mutex with the
# class dwell at 1 ms (`dwell1`) beside the default and `notrace`, 8 reps, 2 vCPUs pinned.
cd /work/main; . .cache/env.sh
D=docs/results/refresh-s82
export SCX_REF="dwell1=/work/main/target/release/scx_lockaware --class-dwell-ms 1" SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 8 -t 4 -i 2 -o $D/dwell-6.12 ext
echo chain5 done
