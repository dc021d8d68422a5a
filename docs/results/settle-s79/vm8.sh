#!/bin/sh
# session 79: recheck.patch against the build in the same guests (vm7.sh had no baseline):
# lockaware = target/release/scx_lockaware rebuilt at HEAD (the scheduler of c6a24fd),
# recheck = the throw-away build; stress-ng pipe (ext item 15), 6.12, 2 vCPUs, 16 reps of 4 s.
cd /work/main; . .cache/env.sh
SCX_REF="recheck=/work/proto79/scx_lockaware_recheck" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 16 -t 4 -i 15 -o docs/results/settle-s79/recheck2 ext
