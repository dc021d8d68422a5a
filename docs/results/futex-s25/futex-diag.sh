# stress-ng futex under EEVDF and scx_lockaware variants, interleaved in one guest, with what
# explains its bogo-ops: the waiters' futex timeouts (stress-ng -v prints each instance's count;
# every 100,000 timeouts of one instance its waiter sleeps 250 ms), context switches, and
# scx_lockaware's own counters over the run (stats socket). Session 25 (docs/benchmarks.md §35):
#   tools/vm/vmrun --cpus N -- sh docs/results/futex-s25/futex-diag.sh OUT [REPS] [SECS] [WORKERS]
# VARIANTS='name=ARGS;name=ARGS' (default 'lockaware='): scx_lockaware with those arguments.
cd /work/main
out=${1:-/tmp/futex}; reps=${2:-3}; secs=${3:-8}; w=${4:-$(nproc)}
mkdir -p "$out"
variants=${VARIANTS:-lockaware=}
ctxt() { awk '$1 == "ctxt" {print $2}' /proc/stat; }
stats() {  # scx_lockaware's counters over the next $1 seconds, as k=v words
  python3 - "$1" <<'PY'
import json, socket, sys, time
s = socket.socket(socket.AF_UNIX); s.connect("/var/run/scx/root/stats"); f = s.makefile()
def get():  # counters in a reply are the events since this client's previous request
    s.sendall(b'{"req":"stats","args":{"target":"top"}}\n')
    return json.loads(f.readline())["args"]["resp"]
get(); time.sleep(float(sys.argv[1])); m = get()
print(" ".join(f"{k}={m[k]}" for k in ("wake_preempt", "wake_preempt_late", "wake_gran", "wake_defer", "cpu_enq", "wake_affine",
      "direct_idle", "kick_idle", "dispatch_own", "dispatch_steal", "dispatch_balance",
      "keep_prev", "behind_kthread", "yield_given", "futex_waits", "klock_waits", "lock_in")
      if k in m))
if m.get("bpf_cost"):
    print("bpf_cost=" + m["bpf_cost"].replace(" ", ","))
PY
}
for r in $(seq "$reps"); do
  IFS=';'; set -- eevdf= $variants; unset IFS
  for spec in "$@"; do
    name=${spec%%=*} args=${spec#*=} p=
    if [ "$name" != eevdf ]; then
      # shellcheck disable=SC2086
      target/release/scx_lockaware $args > "$out/$name-$r.log" 2>&1 & p=$!
      for i in $(seq 150); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
      sleep 1
      stats "$secs" > "$out/$name-$r.stats" 2>&1 & sp=$!
    fi
    st=$(cat /sys/kernel/sched_ext/state)
    # Half-way: each stress-ng task's own accounting (/proc/PID/schedstat: run ns, run-queue
    # wait ns, runs; /proc/PID/status: voluntary and involuntary switches). Waiters sleep
    # (voluntary switches), wakers hardly ever do.
    # Shell builtins only: a process started now waits behind eight busy ones.
    # A waker is always runnable: its run + wait is the time since it started.
    (sleep $((secs / 2)); for d in /proc/[0-9]*; do
       read -r c < "$d/comm" 2>/dev/null || continue
       case $c in stress-ng*) ;; *) continue ;; esac
       read -r run delay runs < "$d/schedstat" 2>/dev/null || continue
       vol= invol=
       while read -r k v; do
         case $k in voluntary_ctxt_switches:) vol=$v ;; nonvoluntary_ctxt_switches:) invol=$v ;; esac
       done < "$d/status"
       echo "pid=${d#/proc/} run_ns=$run delay_ns=$delay runs=$runs vol=$vol invol=$invol"
     done > "$out/$name-$r.tasks" 2>/dev/null) &
    x0=$(ctxt)
    (cd /dev/shm && stress-ng --futex "$w" -t "$secs" -v --metrics-brief) > "$out/$name-$r.stress" 2>&1
    x1=$(ctxt)
    s=
    [ -n "$p" ] && { wait $sp; s=$(cat "$out/$name-$r.stats"); kill -INT $p; wait $p; }
    ops=$(awk '/stress-ng: (info|metrc):.*futex +[0-9]/ {print $(NF-1)}' "$out/$name-$r.stress" | tail -1)
    tmo=$(awk '/futex timeouts:/ {s += $NF} END {print s + 0}' "$out/$name-$r.stress")
    echo "rep=$r variant=$name state=$st bogo_ops_per_s_real=$ops timeouts=$tmo ctxt=$((x1 - x0)) secs=$secs $s" | tee -a "$out/runs.txt"
    sleep 1
  done
done
