#!/bin/sh
cd /dev/shm
echo "== EEVDF, 4 vCPUs"
perf lock record -a -o /dev/shm/pl1.data -- stress-ng --fork 4 --timeout 3 > /dev/null 2>&1
perf lock contention -i /dev/shm/pl1.data -E 12 2>&1 | tail -16
echo "== scx_lockaware --no-kernel-locks"
/work/main/target/release/scx_lockaware --no-kernel-locks > /dev/null 2>&1 &
sp=$!; sleep 2; cat /sys/kernel/sched_ext/state
perf lock record -a -o /dev/shm/pl2.data -- stress-ng --fork 4 --timeout 3 > /dev/null 2>&1
perf lock contention -i /dev/shm/pl2.data -E 12 2>&1 | tail -16
kill -INT $sp; wait $sp
