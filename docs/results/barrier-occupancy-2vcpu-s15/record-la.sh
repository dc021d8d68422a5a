#!/bin/sh
# Run in a 2-vCPU guest (tools/vm/vmrun --cpus 2 --memory 3G -- sh record-la.sh), build e14a91e;
# then tools/bench/sched-occupancy .cache/thw.la.txt (occupancy.txt, timehist.la.txt.xz).
cd /work/main
for i in 1 2; do sh -c 'while :; do :; done' & done
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
target/release/scx_lockaware --stats 1 > /tmp/s.la 2>&1 & p=$!; waiten
perf sched record -m 32M -q -o /tmp/ps.la -- target/inform/inform-counter --lock pthread-barrier --threads 8 --duration 1 --cs-ns 1000 --nc-ns 2000 2>/dev/null | grep -o '"ops_per_s":[0-9.]*'
kill -INT $p; wait $p; tail -40 /tmp/s.la > /work/main/.cache/stats.la.txt
perf sched timehist -w -M -i /tmp/ps.la 2>/dev/null > /work/main/.cache/thw.la.txt
