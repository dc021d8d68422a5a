#!/bin/sh
# Session 81, after chain.sh: the inform suite's item 5 with 8 repetitions (same variants as
# chain.sh). Meant as the pthread mutex item, where the re-check fired in 2 of 3 runs; that
# one is item 6, and item 5 is pthread spin (the numbers were misread).
cd /work/main; . .cache/env.sh
D=docs/results/recheck-s81
export SCX_REF="recheck=/work/main/target/release/scx_lockaware --ssc-recheck-ms 2000" SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 8 -t 4 -i 5 -o $D/inform5-6.12 inform
echo chain2 done
