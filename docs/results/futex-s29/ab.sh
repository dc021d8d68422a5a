# stress-ng futex (or another command) under EEVDF and scheduler commands, interleaved in one
# guest, with context switches and the scheduler's counters. Session 29 (docs/benchmarks.md §40):
#   tools/vm/vmrun --cpus N -- sh docs/results/futex-s29/ab.sh OUT REPS 'name=CMD;name=CMD' [WORKLOAD]
# WORKLOAD defaults to `stress-ng --futex $(nproc) -t 8 --metrics-brief`, run in /dev/shm; its
# metric is the last number but one of the last line that names futex (bogo-ops/s real time).
cd /work/main
out=$1; reps=$2; variants=$3; wl=${4:-"stress-ng --futex $(nproc) -t 8 --metrics-brief"}
mkdir -p "$out"
ctxt() { awk '$1 == "ctxt" {print $2}' /proc/stat; }
(cd /dev/shm && stress-ng --futex 2 -t 2) > /dev/null 2>&1   # warm the caches
for r in $(seq "$reps"); do
  IFS=';'; set -- eevdf= $variants; unset IFS
  for spec in "$@"; do
    name=${spec%%=*} cmd=${spec#*=} p=
    if [ "$name" != eevdf ]; then
      # shellcheck disable=SC2086
      $cmd > "$out/$name-$r.log" 2>&1 & p=$!
      for i in $(seq 150); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
      sleep 1
    fi
    st=$(cat /sys/kernel/sched_ext/state)
    # The scheduler's counters over the run: a stats client's replies count the events since
    # its previous request, so one client asks before and after (it ends when OUT/.go goes).
    if [ -n "$p" ]; then
      touch "$out/.go"
      python3 - "$out/.go" > "$out/$name-$r.stats" 2>/dev/null <<'PY' &
import json, os, socket, sys, time
s = socket.socket(socket.AF_UNIX); s.connect("/var/run/scx/root/stats"); f = s.makefile()
def get():
    s.sendall(b'{"req":"stats","args":{"target":"top"}}\n')
    return json.loads(f.readline())["args"]["resp"]
get()
while os.path.exists(sys.argv[1]):
    time.sleep(0.2)
m = get()
print(" ".join(f"{k}={m[k]}" for k in ("wake_preempt", "wake_preempt_local", "wake_preempt_late", "wake_gran",
      "wake_defer", "wake_affine", "direct_idle", "pinned_direct", "cpu_enq", "dispatch_own", "dispatch_steal", "keep_prev") if k in m))
PY
      sp=$!
      sleep 1
    fi
    x0=$(ctxt)
    # shellcheck disable=SC2086
    (cd /dev/shm && $wl) > "$out/$name-$r.out" 2>&1
    x1=$(ctxt)
    s=
    if [ -n "$p" ]; then
      rm -f "$out/.go"; wait $sp; s=$(cat "$out/$name-$r.stats")
      kill -INT $p; wait $p
    fi
    # stress-ng's bogo-ops/s (real time), or an scx-workloads JSON line's ops_per_s
    val=$(sed -n 's/.*"ops_per_s":\([0-9.]*\).*/\1/p' "$out/$name-$r.out" | tail -1)
    [ -n "$val" ] || val=$(awk '/futex|bogo/ {v=$(NF-1)} END {print v}' "$out/$name-$r.out")
    echo "rep=$r variant=$name state=$st metric=$val ctxt=$((x1 - x0)) $s" | tee -a "$out/runs.txt"
    sleep 1
  done
done
