#!/bin/sh
# usage: cm2.sh WORKERS [scx_lockaware args... | eevdf]: per-thread utime/stime over 2 s of a
# mutex counter, with scx_lockaware's stats around it
B=target/release
W=$1; shift
pid=
if [ "${1:-}" != eevdf ]; then
  $B/scx_lockaware --stats 1 "$@" > /dev/shm/la.log 2>&1 &
  pid=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 0.5
fi
$B/scx-workloads counter --lock mutex --workers $W --duration 4 > /dev/shm/cm.out 2>&1 &
wp=$!
sleep 1.5
for q in $(pgrep -f 'counter --lock'); do [ $(ls /proc/$q/task | wc -l) -gt 1 ] && wq=$q; done
snap() {
  for i in $(ls /proc/$wq/task); do
    t=/proc/$wq/task/$i
    echo "$i $(cut -d' ' -f14,15 $t/stat) $(grep -E '^(voluntary|nonvoluntary)' $t/status | awk '{printf "%s ", $2}')"
  done
}
snap > /dev/shm/a
sleep 2
snap > /dev/shm/b
wait $wp
grep -o '"ops_per_s":[0-9.]*' /dev/shm/cm.out | head -1
join /dev/shm/a /dev/shm/b | awk '{printf "tid %s utime %d stime %d (ticks/2s) vcsw %d ivcsw %d\n", $1, $6-$2, $7-$3, $8-$4, $9-$5}'
if [ -n "$pid" ]; then
  kill -INT $pid; wait $pid
  grep -E "ssc 1|lock tasks" /dev/shm/la.log | tail -4
fi
