#!/bin/sh
B=target/release
$B/scx_lockaware --bpf-stats --stats 2 > /dev/shm/la.log 2>&1 &
pid=$!
for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
stress-ng --flock 2 --timeout 6 --temp-path /dev/shm --metrics-brief 2>&1 | grep "flock " | head -1
kill -INT $pid; wait $pid
tail -30 /dev/shm/la.log
