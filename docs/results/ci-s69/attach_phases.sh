#!/bin/bash
for i in 1 2; do
strace --seccomp-bpf -f -tt -e trace=execve,bpf,perf_event_open -o results/s69/strace$i.txt target/release/scx_lockaware -v > results/s69/out$i.txt 2>&1 &
for j in $(seq 200); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.05; done
echo "enabled at $(date +%T.%N)"
sleep 1; pkill -INT scx_lockaware; wait
done
