#!/bin/sh
# In a 2-vCPU guest: what are sysbench threads' two steady states under scx_lockaware
# (docs/benchmarks.md §68.3)? sysbench threads, 8 threads on one mutex, beside 1 stress-ng CPU
# hog, 20 s with --report-interval 1; per second, perf stat's counts of switches, wake-ups,
# futex calls and sched_yield calls, the scheduler's own statistics (--stats 1), and every
# 0.5 s each CPU's time split and the threads' run and wait times (guest-sample.py).
# Usage (in the guest): sh run.sh OUTDIR [REPS]; HOG=METHOD: the hog's --cpu-method (default
# stress-ng's own, "all": it cycles through every method).
O=${1:?outdir}; R=${2:-3}
B=/work/main/target/release/scx_lockaware
mkdir -p "$O"; cd /tmp
for rep in $(seq "$R"); do
  $B --stats 1 > "$O/sched-$rep.log" 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  stress-ng --cpu 1 ${HOG:+--cpu-method $HOG} --timeout 40 -q >/dev/null 2>&1 &
  hp=$!
  perf stat -a -I 1000 -x, -o "$O/perf-$rep.csv" \
    -e sched:sched_switch,sched:sched_wakeup,sched:sched_migrate_task \
    -e syscalls:sys_enter_futex,syscalls:sys_enter_sched_yield \
    -- sleep 21 >/dev/null 2>&1 &
  pp=$!
  sysbench threads --threads=8 --thread-locks=1 --time=20 --report-interval=1 run > "$O/sb-$rep.log" 2>&1 &
  sbp=$!
  sleep 0.3
  /root/.pyenv/versions/3.11.7/bin/python3 /work/main/docs/results/sbstate-s53/guest-sample.py $sbp "$O/guest-$rep.txt"
  wait $sbp
  wait $pp
  kill $hp 2>/dev/null; pkill stress-ng; wait $hp 2>/dev/null
  kill -INT $sp; wait $sp
  echo "rep $rep: $(grep 'events per second' "$O/sb-$rep.log" | tr -s ' ')"
  sleep 1
done
