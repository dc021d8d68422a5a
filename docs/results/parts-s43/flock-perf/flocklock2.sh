#!/bin/sh
B=target/release
$B/scx_lockaware --stats 1 > /dev/shm/la.log 2>&1 &
pid=$!
for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
cat /sys/kernel/sched_ext/root/ops
stress-ng --flock 2 --timeout 8 --temp-path /dev/shm --metrics-brief 2>&1 | grep flock &
sleep 2
perf record -e lock:contention_begin -a -g -o /dev/shm/pl.data -- sleep 2 2>&1 | tail -1
perf report -i /dev/shm/pl.data --stdio --no-children --sort sym 2>&1 | grep -v "^#" | grep -v "^$" | head -40
wait %2 2>/dev/null; sleep 6
kill -INT $pid; wait $pid
grep -iE "klock|lock_waits|kernel" /dev/shm/la.log | tail -5
