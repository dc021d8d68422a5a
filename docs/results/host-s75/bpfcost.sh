#!/bin/sh
# session 75; the old build: git worktree add ../old61 1bf7581f, built with
# CARGO_TARGET_DIR=/work/old-target cargo build --release -p scx_lockaware
cd /work/main; . .cache/env.sh
SCX_REF="bpf=/work/main/target/release/scx_lockaware --bpf-stats;bpf61=/work/old-target/release/scx_lockaware --bpf-stats" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 2 -t 4 -i 9 -o docs/results/host-s75/bpfcost ext
SCX_REF="bpf61=/work/old-target/release/scx_lockaware --bpf-stats" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 2 -t 4 -i 4 -o docs/results/host-s75/bpfcost ext
