#!/bin/sh
# Session 61 (docs/benchmarks.md section 80.1): perf sched and lock/syscall traces of stress-ng pipe
# under one variant, in a guest: pipetrace.sh fixed1|fixed2|eevdf (OUT=folder for the outputs).
cd /work/main
OUT=${OUT:-.}
V=${1:-fixed1}
case $V in fixed1) A="--ssc-cpus 0";; fixed2) A="--ssc-cpus 0-1";; *) A="";; esac
if [ -n "$A" ]; then
  target/release/scx_lockaware $A --stats 1 >/tmp/la.log 2>&1 &
  LP=$!
  for i in $(seq 100); do grep -q enabled /sys/kernel/sched_ext/state && break; sleep 0.1; done
fi
stress-ng --pipe 1 --timeout 4 --temp-path /dev/shm --metrics-brief > $OUT/pt-$V.stress 2>&1 &
SP=$!
sleep 1.5
perf sched record -o /tmp/ps.data -- sleep 0.3 >/dev/null 2>&1
perf record -e lock:contention_begin -e syscalls:sys_enter_write -e syscalls:sys_enter_read -a -o /tmp/pl.data -- sleep 0.3 > /dev/null 2>&1
wait $SP
perf sched timehist -i /tmp/ps.data -w -V 2>/dev/null | grep -v '^ *$' | head -150 > $OUT/pt-$V.timehist
perf sched timehist -i /tmp/ps.data -s 2>/dev/null | tail -30 >> $OUT/pt-$V.timehist
perf script -i /tmp/pl.data 2>/dev/null | awk '{print $1, $3, $5}' | head -400 > $OUT/pt-$V.events
perf script -i /tmp/pl.data -F comm,tid,cpu,event,ip,sym 2>/dev/null | grep contention | head -5 >> $OUT/pt-$V.events
if [ -n "$A" ]; then kill -INT $LP; wait $LP; tail -40 /tmp/la.log > $OUT/pt-$V.la; fi
