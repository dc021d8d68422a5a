#!/bin/sh
# In a guest (session 75): where a sched pipe round trip's time goes under scx_lockaware:
# perf record -a (cpu-clock) over perf bench sched pipe, then the symbols' self time.
#   pipe-perf.sh LOCKAWARE_BINARY [its options...]
cd /dev/shm
"$@" > /dev/shm/sched.log 2>&1 &
sp=$!
for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
sleep 1
cat /sys/kernel/sched_ext/state
perf record -a -e cpu-clock -F 2000 -o /dev/shm/perf.data -- perf bench sched pipe -l 30000 2>&1 | grep -a "ops/sec"
kill -INT $sp; wait $sp
perf report -i /dev/shm/perf.data --no-children --sort sym --stdio 2>/dev/null | grep -v "^#" | grep -v "^$" | head -60
