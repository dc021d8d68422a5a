#!/bin/sh
# wake-credit experiment: run in guest from repo root
R=$(pwd); B=$R/target/release; N=$(nproc); S=${S:-4}; REPS=${REPS:-5}
export INFORM_DIR=$R/target/inform
cd "$R/.cache/exp/credit"
for lock in $LOCKS; do
  $B/scx-ab --cooldown-s 1 --reps $REPS --also-metric hog_share --sample-stats \
    --variant eevdf --variant "lockaware=$B/scx_lockaware" \
    --variant "credit1ms=$B/scx_lockaware --wake-credit-us 1000" \
    --variant "credit0=$B/scx_lockaware --wake-credit-us 0" \
    --variant "nowp=$B/scx_lockaware --no-wake-preempt" \
    --out "$lock-c$N" -- "$R/tools/bench/inform-workload" "$lock" $((4*N)) "$N" "$S" 2>&1 | tail -5
done
