#!/bin/bash
perf record -F 2000 -e cpu-clock -g -o results/s69/perf.data target/release/scx_lockaware > results/s69/outp.txt 2>&1 &
for j in $(seq 200); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.05; done
sleep 0.3; pkill -INT scx_lockaware; wait
perf report -i results/s69/perf.data --no-children --sort dso,sym --stdio 2>/dev/null | grep -v '^$' | grep '%' | head -40
