#!/bin/sh
# In a 2-vCPU guest: sysbench threads (8 threads, one mutex) beside one CPU hog under
# scx_lockaware (--stats 1), 20 s, with perf record sampling every CPU at
# 1 kHz, and every 1000th sched_yield() (its rate in the recording's own time): which kernel paths
# take the extra time in the slow seconds? perf script's output
# (time, symbol) is reduced by prof.py on the host. Usage: sh prof.sh OUTDIR [REPS]
O=${1:?outdir}; R=${2:-2}
B=/work/main/target/release/scx_lockaware
mkdir -p "$O"; cd /tmp
for rep in $(seq "$R"); do
  $B --stats 1 > "$O/sched-$rep.log" 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  stress-ng --cpu 1 --timeout 40 -q >/dev/null 2>&1 &
  hp=$!
  perf record -a -g -c 1000 -e cpu-clock/freq=1000/ -e syscalls:sys_enter_sched_yield -o /tmp/perf.data -- sleep 21 >/dev/null 2>&1 &
  pp=$!
  sysbench threads --threads=8 --thread-locks=1 --time=20 --report-interval=1 run > "$O/sb-$rep.log" 2>&1
  wait $pp
  kill $hp 2>/dev/null; pkill stress-ng; wait $hp 2>/dev/null
  kill -INT $sp; wait $sp
  perf script -i /tmp/perf.data -F time,comm,cpu,event,ip,sym 2>/dev/null | gzip > "$O/script-$rep.txt.gz"
  echo "rep $rep: $(grep -c eps "$O/sb-$rep.log") seconds"
done
