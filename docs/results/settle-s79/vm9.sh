#!/bin/sh
# session 79: the kept form, --ssc-recheck-ms 2000 (rc) beside the default (flag off),
# stress-ng pipe (ext item 15), 6.12, 2 vCPUs, 6 reps of 4 s: it loads, re-checks, and
# search_rechecks counts them.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
SCX_REF="rc=$B --ssc-recheck-ms 2000" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 6 -t 4 -i 15 -o docs/results/settle-s79/kept ext
