#!/bin/sh
# session 79: stress-ng pipe (ext item 15), 6.12, 2 vCPUs, 12 reps of 4 s, the default with
# -v beside it (dbg) so that every judged window of the search is logged: what the windows
# after the grow to 2 read in the runs that settle back at 1.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/settle-s79/dbg
SCX_REF="dbg=$B -v" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 12 -t 4 -i 15 -o $O ext
