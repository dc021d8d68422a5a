#!/bin/sh
# In a guest: perf bench sched pipe (one pair, 50000 round trips) under EEVDF and the sched_ext
# schedulers given as NAME=COMMAND arguments (absolute paths), ROUNDS rounds interleaved. Per
# run: round trips a second, and system-wide (perf stat -a) context switches, migrations and
# the IPIs a cross-CPU wake-up sends (rescheduling, single function call), per round trip.
#   pipe-counts.sh ROUNDS [NAME=COMMAND...]
R=$1; shift
cd /dev/shm
one() {  # NAME
  perf stat -a -x, -o /dev/shm/ps.$$ -e context-switches,cpu-migrations,irq_vectors:reschedule_entry,irq_vectors:call_function_single_entry \
    -- perf bench sched pipe -l 50000 > /dev/shm/wl.$$ 2>&1
  ops=$(awk '/ops\/sec/ {print $1}' /dev/shm/wl.$$)
  ev=$(awk -F, '$1 ~ /^[0-9]+$/ {printf " %s=%.2f", $3, $1 / 50000}' /dev/shm/ps.$$)
  echo "$1 round-trips/s=$ops per round trip:$ev"
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
