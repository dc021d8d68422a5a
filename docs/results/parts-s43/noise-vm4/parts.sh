#!/bin/sh
# Session 43: run with the build that files the parts in BPF (--window-parts 5, now the default):
#   tools/vm/vmrun --cpus 4 --memory 2G -- sh docs/results/parts-s43/noise-vm4/parts.sh OUT
# Session 42: do a window's parts see its noise? scx_lockaware -v logs each search decision
# with the window's own thro and the relative standard error its 5 parts give; a settled
# search's consecutive windows at one size then show whether the spread between windows is
# what the parts predict (parts.py). Run in a guest from the repository root:
#   tools/vm/vmrun --cpus 4 --memory 2G -- sh docs/results/noise-s42/parts.sh OUT
out=${1:-/tmp/noise}
mkdir -p "$out"
B=target/release
for item in "mutex --lock-threads 8 --cpu-threads 0" "counter --lock mutex --workers 4" \
            "mmap --threads 4" "mutex --lock-threads 2 --cpu-threads 0"; do
  name=$(echo "$item" | tr ' ' '_' | tr -d -)
  $B/scx_lockaware -v --window-parts 5 > "$out/$name.log" 2>&1 &
  pid=$!
  for i in $(seq 50); do
    [ "$(cat /sys/kernel/sched_ext/state 2>/dev/null)" = enabled ] && break
    sleep 0.2
  done
  echo "$name: $(cat /sys/kernel/sched_ext/state) $(cat /sys/kernel/sched_ext/root/ops 2>/dev/null)"
  $B/scx-workloads $item --duration 20 > "$out/$name.out" 2>&1
  kill -INT $pid
  wait $pid
done
