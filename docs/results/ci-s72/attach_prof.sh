#!/bin/bash
# Where an attach's time goes in the guest: plain timings, one strace, one perf profile.
cd /work/main
B=target/release/scx_lockaware
waiten() { for j in $(seq 400); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && return; sleep 0.02; done; }
waitdis() { for j in $(seq 400); do [ "$(cat /sys/kernel/sched_ext/state)" = disabled ] && return; sleep 0.05; done; }
for i in 1 2 3; do
  t0=$(date +%s.%N); $B > /dev/null 2>&1 & pid=$!; waiten; t1=$(date +%s.%N)
  kill -INT $pid; wait $pid; t2=$(date +%s.%N); waitdis
  echo "plain $i enabled $(echo "$t1 - $t0" | bc) exit $(echo "$t2 - $t1" | bc)"
  sleep 1
done
strace -f -tt -e trace=execve,openat,bpf -o results/s72/strace.txt $B > /dev/null 2>&1 & waiten
echo "strace enabled at $(date +%T.%N)"; pkill -INT scx_lockaware; wait; waitdis; sleep 1
perf record -F 1000 -e cpu-clock -g -o results/s72/perf.data $B > /dev/null 2>&1 & waiten
pkill -INT scx_lockaware; wait; waitdis
perf report -i results/s72/perf.data --no-children --sort dso --stdio 2>/dev/null | grep '%' | head -15
perf report -i results/s72/perf.data --no-children --sort dso,sym --stdio -g none 2>/dev/null | grep '%' | head -50
