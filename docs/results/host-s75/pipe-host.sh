#!/bin/sh
# In a guest (session 75): is a round trip of perf bench sched pipe cheaper with the pair on one
# CPU or on two, on this host, under EEVDF alone? Then the same under scx_lockaware with and
# without its sync wake-up rule. Uses ../goals-s57/pipe-counts.sh's counters.
#   pipe-host.sh ROUNDS LOCKAWARE_BINARY
R=$1 LA=$2
cd /dev/shm
one() {  # NAME [taskset prefix...]
  n=$1; shift
  perf stat -a -x, -o /dev/shm/ps.$$ -e context-switches,cpu-migrations,irq_vectors:reschedule_entry,irq_vectors:call_function_single_entry \
    -- "$@" perf bench sched pipe -l 50000 > /dev/shm/wl.$$ 2>&1
  ops=$(awk '/ops\/sec/ {print $1}' /dev/shm/wl.$$)
  ev=$(awk -F, '$1 ~ /^[0-9]+$/ {printf " %s=%.2f", $3, $1 / 50000}' /dev/shm/ps.$$)
  echo "$n round-trips/s=$ops per round trip:$ev"
}
sched() {  # NAME COMMAND... : run one pipe under a sched_ext scheduler
  n=$1; shift
  "$@" > /dev/shm/sched-$n.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 1
  if [ "$(cat /sys/kernel/sched_ext/state)" = enabled ]; then one "$n"; else echo "$n did not attach"; fi
  kill -INT $sp; wait $sp
  sleep 1
}
for rep in $(seq "$R"); do
  one eevdf
  one eevdf-1cpu taskset -c 0
  sched lockaware "$LA"
  sched lockaware-nosync "$LA" --no-wake-sync
done
