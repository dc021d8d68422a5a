#!/bin/sh
# usage: flockstat.sh [scx_lockaware args...]: 6 s of stress-ng flock (2 workers) with --stats 2
B=target/release
$B/scx_lockaware --bpf-stats --stats 2 "$@" > /dev/shm/la.log 2>&1 &
pid=$!
for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
sleep 1
stress-ng --flock 2 --timeout 6 --temp-path /dev/shm --metrics-brief 2>&1 | grep "flock " | head -1
kill -INT $pid; wait $pid
grep -E "wake-preempt|ssc:|lock tasks" /dev/shm/la.log | sed 's/.*yield/yield/'
