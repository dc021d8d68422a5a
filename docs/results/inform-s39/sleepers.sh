#!/bin/sh
# Benchmarks §56: the loops' share of the CPU beside sleeping waiters, under EEVDF, under
# scx_lockaware --inform-lib (default: no sleep credit for hinted waiters) and with
# --no-inform-waiter-lag, interleaved, REPS times. Run in the guest from the repository root:
#   tools/vm/vmrun --cpus 4 --memory 2G -- sh docs/results/inform-s39/sleepers.sh
# inform-counter --sleeping-waiter: K threads per CPU run CS ns of their CPU time, then sleep
# NC ns with a LOCK_WAITER hint; a CPU-bound shell loop per CPU beside them. Shares from
# /proc/PID/schedstat over the counter's 4-s window (--watch).
B=${SCX_LOCKAWARE_BIN:-target/release/scx_lockaware}
C=target/inform/inform-counter
L=target/inform/libinform.so
K=${K:-8} CS=${CS:-2000000} NC=${NC:-10000000} REPS=${REPS:-3}
n=$(nproc)
one() {
  pids=""
  for i in $(seq "$n"); do sh -c 'while :; do :; done' & pids="$pids $!"; done
  w=$(echo $pids | tr ' ' ,)
  $C --sleeping-waiter --threads $((K * n)) --duration 4 --cs-ns "$CS" --nc-ns "$NC" --watch "$w" |
    python3 -c '
import json, sys
r = json.loads(sys.stdin.read()); a = r["app_cpu_s"]; o = r["watched_cpu_s"]
print("loops share %.3f  sleepers cpu %.2f s wait %.2f s  loops wait %.2f s  rounds %d"
      % (o / (a + o), a, r["app_wait_s"], r["watched_wait_s"], r["ops"]))'
  kill $pids; wait $pids 2>/dev/null
}
echo "K=$K per CPU, $n CPUs, cs $CS ns, asleep $NC ns"
for rep in $(seq "$REPS"); do
  printf 'rep %s eevdf      ' "$rep"; one
  for f in "" --no-inform-waiter-lag; do
    $B --inform-lib $L $f >/tmp/sleepers-sched.log 2>&1 & sp=$!
    for i in $(seq 60); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.5; done
    [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] || { echo "not attached"; exit 1; }
    printf 'rep %s lockaware %s ' "$rep" "${f:-(default)}"; one
    [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] || { echo "ejected"; exit 1; }
    kill -INT $sp; wait $sp
  done
done
