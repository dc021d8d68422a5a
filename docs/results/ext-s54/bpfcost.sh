#!/bin/sh
# In a guest: the BPF time each sched_ext scheduler's programs take over a 4-s run of
# stress-ng --nanosleep $W (default 2; kernel.bpf_stats_enabled, bpftool prog show before and after), ROUNDS
# rounds; per program: runs a second and mean ns a run; and the total a second, over the
# system-wide wake-ups (perf stat -a) for ns of BPF a wake-up.
#   bpfcost.sh ROUNDS BPFTOOL NAME=COMMAND...
R=$1 T=$2 W=${W:-2}; shift 2
cd /dev/shm
sysctl -q kernel.bpf_stats_enabled=1
snap() { $T prog show | awk '/^[0-9]+:/ {n = $4} / run_time_ns / {for (i = 1; i < NF; i++) {if ($i == "run_time_ns") t = $(i+1); if ($i == "run_cnt") c = $(i+1)}; print n, t, c}'; }
for rep in $(seq "$R"); do
  for v in "$@"; do
    name=${v%%=*} cmd=${v#*=}
    $cmd > /dev/shm/sched-$name.log 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    sleep 1
    snap > /dev/shm/b0
    perf stat -a -x, -o /dev/shm/ps -e sched:sched_wakeup -- stress-ng --nanosleep "$W" --timeout 4 --metrics-brief > /dev/shm/wl 2>&1
    snap > /dev/shm/b1
    ops=$(awk '$4 == "nanosleep" && $5 ~ /^[0-9]+$/ {print $9}' /dev/shm/wl)
    wk=$(awk -F, '$1 ~ /^[0-9]+$/ {print $1}' /dev/shm/ps)
    awk -v name="$name" -v ops="$ops" -v wk="$wk" '
      FNR == NR {t[$1] = $2; c[$1] = $3; next}
      {dt = $2 - t[$1]; dc = $3 - c[$1]; if (dc > 0) {tot += dt; line = line sprintf(" %s:%d/s:%dns", $1, dc / 4, dt / dc)}}
      END {printf "%s ops/s=%s wakeups/s=%d bpf_ms/s=%.1f bpf_ns/wakeup=%d |%s\n", name, ops, wk / 4, tot / 4e6, wk ? tot / wk : 0, line}' /dev/shm/b0 /dev/shm/b1
    kill -INT $sp; wait $sp
    sleep 1
  done
done
