#!/bin/sh
# Session 81, with the re-check the default (the build of the commit that made it so):
# the inform suite's pthread mutex item (6), where the re-check fired in 2 of 3 runs of
# chain.sh, with 8 repetitions; lockaware = the default (re-check at 2000 ms), norecheck =
# the same binary with --ssc-recheck-ms 0.
cd /work/main; . .cache/env.sh
D=docs/results/recheck-s81
export SCX_REF="norecheck=/work/main/target/release/scx_lockaware --ssc-recheck-ms 0" SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 8 -t 4 -i 6 -o $D/inform6-6.12 inform
echo chain3 done
