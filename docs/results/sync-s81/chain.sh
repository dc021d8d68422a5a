#!/bin/sh
# Session 81: the sync guard counting a run up to twice its bound ('lockaware', this
# session's build) against the build before it ('base', f8224ba..d79f440's scheduler, built
# into .cache/s81/base), ext items 5 (messaging), 9 (perf bench sched pipe), 15 (stress-ng
# pipe) and 18 (stress-ng mq), 2 vCPUs pinned, 6.12, 5 repetitions of 4 s.
set -eu
cd /work/main
. .cache/env.sh
export SCX_REF="base=/work/main/.cache/s81/base" SCX_AB_OPTS=--sample-stats
for i in 9 15 5 18; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o docs/results/sync-s81/ext-6.12 ext
done
