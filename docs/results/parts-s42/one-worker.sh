#!/bin/sh
# Session 42 (§61.3): the counter's one-worker cell, 10 repetitions with the statistics
# sampled, this build against session 41's, in one 2-vCPU guest:
#   tools/vm/vmrun --cpus 2 --memory 2G -- sh docs/results/parts-s42/one-worker.sh OUT
out=${1:-/tmp/one-worker}
B=$(pwd)/target/release
mkdir -p "$out" && cd "$out" || exit 1
$B/scx-ab --cooldown-s 1 --reps 10 --sample-stats --variant eevdf --variant "lockaware=$B/scx_lockaware" \
  --variant "s41=$(dirname "$B")/../results/s42/scx_lockaware-1130013" --workers 1 --out counter-1 -- \
  $B/scx-workloads counter --lock mutex --workers {workers} --duration 5
