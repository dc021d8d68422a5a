#!/bin/sh
# session 79: a throw-away build (recheck.patch on c6a24fd): a search that settled below a
# larger size it judged re-checks that size 2 s later (a refine probe against the settled
# size's current reading), doubling the wait each time it settles back, up to the 30-s
# re-search. stress-ng pipe (ext item 15, 12 reps) and the lock suite's ssc-sizes (item 5:
# one mutex, 4 threads, best at 1 CPU; 5 reps); 6.12, 2 vCPUs, 4-s runs.
cd /work/main; . .cache/env.sh
R=/work/proto79/scx_lockaware_recheck
SCX_REF="recheck=$R" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 12 -t 4 -i 15 -o docs/results/settle-s79/recheck ext
SCX_REF="recheck=$R" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 5 -t 4 -i 5 -o docs/results/settle-s79/recheck-sizes lock
