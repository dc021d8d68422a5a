#!/bin/sh
# In a guest: stress-ng --STRESSOR $W (default 2) for 4 s under EEVDF and the sched_ext schedulers given
# as NAME=COMMAND arguments (absolute paths), ROUNDS rounds interleaved. Per run: bogo ops/s,
# for nanosleep stress-ng's mean sleep overrun (ns past the requested time: the wake-up
# latency), and over the run, system-wide (perf stat -a): context switches, migrations,
# wake-ups, new tasks' wake-ups, rescheduling IPIs, single function-call IPIs, and the CPUs'
# idle share (/proc/stat).
#   counts.sh ROUNDS STRESSOR [NAME=COMMAND...]
R=$1 S=$2 W=${W:-2}; shift 2
cd /dev/shm
one() {  # NAME
  i0=$(awk '/^cpu / {print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8}' /proc/stat)
  perf stat -a -x, -o /dev/shm/ps.$$ -e context-switches,cpu-migrations,sched:sched_wakeup,sched:sched_wakeup_new,irq_vectors:reschedule_entry,irq_vectors:call_function_single_entry \
    -- stress-ng --"$S" "$W" --timeout 4 --metrics-brief > /dev/shm/wl.$$ 2>&1
  i1=$(awk '/^cpu / {print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8}' /proc/stat)
  ops=$(awk -v s="$S" '$4 == s && $5 ~ /^[0-9]+$/ {print $9}' /dev/shm/wl.$$)
  ovr=$(awk '/nanosec sleep overrun/ {print $5}' /dev/shm/wl.$$)
  ev=$(awk -F, '$1 ~ /^[0-9]+$/ {printf " %s=%d", $3, $1 / 4}' /dev/shm/ps.$$)
  idle=$(echo "$i0 $i1" | awk '{printf "%.3f", ($3 - $1) / ($4 - $2)}')
  echo "$1 ops/s=$ops overrun_ns=$ovr idle=$idle per-s:$ev"
}
for rep in $(seq "$R"); do
  one eevdf
  for v in "$@"; do
    name=${v%%=*} cmd=${v#*=}
    $cmd > /dev/shm/sched-$name.log 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    sleep 1
    if [ "$(cat /sys/kernel/sched_ext/state)" = enabled ]; then one "$name"; else echo "$name did not attach"; fi
    kill -INT $sp; wait $sp
    sleep 1
  done
done
