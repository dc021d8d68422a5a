#!/bin/sh
# session 75; the old build: git worktree add ../old61 1bf7581f, built with
# CARGO_TARGET_DIR=/work/old-target cargo build --release -p scx_lockaware
cd /work/main; . .cache/env.sh
for i in 9 6 10 3; do
SCX_REF="old61=/work/old-target/release/scx_lockaware" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i $i -o docs/results/host-s75/regr ext
done
