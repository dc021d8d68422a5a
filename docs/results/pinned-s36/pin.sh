#!/bin/sh
# Session 36: do the SSC search's resizes cost lock-pi and micro sem, whose threads are pinned
# (no SSC can move them)? The default build (search on) beside fixed SSCs of 1 and 2 CPUs
# (search off), 2 vCPUs. Run in a guest: tools/vm/vmrun --cpus 2 -- sh pin.sh OUT [REPS] [EXTRA_VARIANT]
B=/work/main/target/release; O=$1; R=${2:-8}
EXT=/work/main/tools/bench/ext-workload
set -- --variant eevdf --variant "lockaware=$B/scx_lockaware" \
  --variant "fixed1=$B/scx_lockaware --ssc-cpus 0" --variant "fixed2=$B/scx_lockaware --ssc-cpus 0-1"
[ -n "${PIN_EXTRA:-}" ] && set -- "$@" --variant "$PIN_EXTRA"
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --out $O/lock-pi -- $EXT futex-lock-pi 4 5 0 2>&1 | tail -8
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --out $O/sem -- $B/scx-workloads micro sem --pin --duration 5 2>&1 | tail -8
