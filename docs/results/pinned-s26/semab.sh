#!/bin/sh
B=$PWD/target/release; C=$PWD/.cache
O=$1; R=${2:-5}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --variant eevdf --variant "base=$C/scx_lockaware.base" \
  --variant "clamp=$C/scx_lockaware.clamp" --variant "nopreempt=$C/scx_lockaware.base --no-wake-preempt" \
  --out $O -- $B/scx-workloads micro sem --pin --duration 4 2>&1 | tail -5
