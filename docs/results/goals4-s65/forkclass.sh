#!/bin/sh
# Session 65: why stress-ng fork's workers are classified lock-intensive at 4 vCPUs. In the
# guest: stress-ng --fork 4 for 4 s under the default and with each lock source off,
# scx_lockaware --stats 1 logged, 2 rounds. Output: results/s65/fork/VARIANT-ROUND.log.
B=/work/main/target/release/scx_lockaware
O=/work/main/results/s65/fork
mkdir -p $O
cd /dev/shm
for r in 1 2; do
  for v in default:"" noklock:"--no-kernel-locks" nofutex:"--no-futex" noxcall:"--no-xcall-waits"; do
    name=${v%%:*} args=${v#*:}
    $B $args --stats 1 > $O/$name-$r.log 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    sleep 1
    echo "state=$(cat /sys/kernel/sched_ext/state)" >> $O/$name-$r.wl
    stress-ng --fork 4 --timeout 4 --metrics-brief >> $O/$name-$r.wl 2>&1
    sleep 1.5
    kill -INT $sp; wait $sp
    sleep 1
  done
done
