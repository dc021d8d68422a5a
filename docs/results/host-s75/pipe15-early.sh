#!/bin/sh
# session 75: stress-ng pipe at 2 vCPUs (ext item 15), 10 reps: the current build, the same with
# windows never ended early (--early-parts 0, as before session 71) and session 61's build.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
SCX_REF="early0=$B --early-parts 0;old61=/work/old-target/release/scx_lockaware" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o docs/results/host-s75/pipe15-early ext
