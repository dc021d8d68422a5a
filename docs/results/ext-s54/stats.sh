#!/bin/sh
# In a guest: scx_lockaware's own counters (--stats 2, each line a 2-s interval) while
# stress-ng --nanosleep 2 runs for 6 s, ROUNDS rounds: where the woken tasks went.
#   stats.sh ROUNDS SCX_LOCKAWARE
R=$1 B=$2
cd /dev/shm
for rep in $(seq "$R"); do
  $B --stats 2 > /dev/shm/st.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 1.5
  stress-ng --nanosleep 2 --timeout 6 --metrics-brief 2>&1 | grep -E "\] nanosleep +[0-9]"
  kill -INT $sp; wait $sp
  grep -E "^\[scx_lockaware\]" /dev/shm/st.log | tail -4 | head -3
done
