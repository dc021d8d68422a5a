#!/bin/sh
# session 82, after chain.sh: the items whose ratio fell below session 64's (§83) run again
# with session 64's default build (26083c7, built from a worktree into its own target
# directory) beside the current default, to tell a change of the build from a change of the
# host. 2 vCPUs pinned, 5 interleaved reps of 4 s, Linux 6.12.117, stats sampled.
cd /work/main; . .cache/env.sh
D=docs/results/refresh-s82
while kill -0 "$(cat .cache/chain-s82.pid)" 2>/dev/null; do sleep 10; done
(cd .cache/wt-s64 && cargo build --release -p scx_lockaware --target-dir /work/main/.cache/target-s64) \
  > $D/build-s64.log 2>&1 || exit 1
export SCX_REF="s64=/work/main/.cache/target-s64/release/scx_lockaware" SCX_AB_OPTS=--sample-stats
for i in 2 4 8 15 16 17; do tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/s64-6.12 ext; done
echo chain3 done
