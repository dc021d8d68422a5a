#!/bin/sh
# pthread barrier (8 threads) next to 2 loops: switches, migrations and rounds per scheduler.
cd /work/main
for i in 1 2; do sh -c 'while :; do :; done' & done
run() { tools/bench/task-sched-counts 4 -- target/inform/inform-counter --lock pthread-barrier --threads 8 --duration 5 --cs-ns 1000 --nc-ns 2000; }
sched() { name=$1; shift; "$@" --stats 4.5 > /tmp/s.$name 2>&1 & p=$!; sleep 2; echo "$name $(run)"; kill -INT $p; wait $p; grep -a "scx_lockaware\]" /tmp/s.$name | tail -1; }
for rep in 1 2; do
  echo "eevdf $(run)"
  sched la target/release/scx_lockaware
  sched nopre target/release/scx_lockaware --no-wake-preempt
  .cache/scx-simple-6.12/scx_simple > /dev/null 2>&1 & p=$!; sleep 2; echo "simple $(run)"; kill -INT $p; wait $p
done
