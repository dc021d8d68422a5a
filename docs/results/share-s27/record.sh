#!/bin/sh
# Run in a 2-vCPU guest: tools/vm/vmrun --cpus 2 --memory 3G -- sh docs/results/share-s27/record.sh
# Records the pthread barrier item (8 threads, 2 CPU-bound loops beside) for 1 s under EEVDF
# and scx_lockaware, twice each, interleaved, with perf sched; writes .cache/thw-s27.{eevdf,la}.N.txt
# (perf sched timehist -w -M) for tools/bench/sched-occupancy and docs/results/share-s27/delays.py.
cd /work/main
for i in 1 2; do sh -c 'while :; do :; done' & done
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
rec() {
  perf sched record -m 32M -q -o /tmp/ps.$1 -- target/inform/inform-counter --lock pthread-barrier \
    --threads 8 --duration 1 --cs-ns 1000 --nc-ns 2000 2>/dev/null | grep -o '"ops_per_s":[0-9.]*'
  perf sched timehist -w -M -i /tmp/ps.$1 2>/dev/null > /work/main/.cache/thw-s27.$1.txt
}
for n in 1 2; do
  echo "eevdf $n"; rec eevdf.$n
  target/release/scx_lockaware > /dev/null 2>&1 & p=$!; waiten
  echo "lockaware $n ($(cat /sys/kernel/sched_ext/root/ops))"; rec la.$n
  kill -INT $p; wait $p
done
