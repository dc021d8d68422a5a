#!/bin/sh
# Run in a 2-vCPU guest (tools/vm/vmrun --cpus 2 --memory 3G -- sh record-eevdf-simple.sh);
# then tools/bench/sched-occupancy .cache/thw.{eevdf,simple}.txt (occupancy.txt, timehist.*.txt.xz).
cd /work/main
for i in 1 2; do sh -c 'while :; do :; done' & done
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
rec() { perf sched record -m 32M -q -o /tmp/ps.$1 -- target/inform/inform-counter --lock pthread-barrier --threads 8 --duration 1 --cs-ns 1000 --nc-ns 2000 2>/dev/null | grep -o '"ops_per_s":[0-9.]*'; perf sched timehist -w -M -i /tmp/ps.$1 2>/dev/null > /work/main/.cache/thw.$1.txt; }
rec eevdf
.cache/scx-simple-6.12/scx_simple > /dev/null 2>&1 & p=$!; waiten; rec simple; kill -INT $p; wait $p
