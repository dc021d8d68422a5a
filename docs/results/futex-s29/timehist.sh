# stress-ng futex's wake-ups, one by one: `perf sched record` for 2 s in the middle of a run
# under EEVDF and under scx_lockaware, then `perf sched timehist -w` (wake-up to run, per
# task) and the switches. Session 29 (docs/benchmarks.md §40):
#   tools/vm/vmrun --cpus 4 -- sh docs/results/futex-s29/timehist.sh OUT [REPS] [WORKERS] [ARGS]
cd /work/main
out=${1:-/tmp/th}; reps=${2:-2}; w=${3:-$(nproc)}; args=${4:-}
mkdir -p "$out"
for r in $(seq "$reps"); do
  for v in eevdf lockaware; do
    p=
    if [ $v = lockaware ]; then
      # shellcheck disable=SC2086
      target/release/scx_lockaware $args > "$out/$v-$r.log" 2>&1 & p=$!
      for i in $(seq 150); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
      sleep 1
    fi
    st=$(cat /sys/kernel/sched_ext/state)
    (cd /dev/shm && stress-ng --futex "$w" -t 16 --metrics-brief) > "$out/$v-$r.stress" 2>&1 &
    sp=$!
    sleep 2
    t0=$(date +%s.%N); perf sched record -a -o "/dev/shm/$v-$r.data" -- sleep 2 > /dev/null 2>&1; echo "record $t0 .. $(date +%s.%N)" >> "$out/$v-$r.stress"
    wait $sp
    [ -n "$p" ] && { kill -INT $p; wait $p; }
    ops=$(awk '/futex +[0-9]/ {print $(NF-1)}' "$out/$v-$r.stress" | tail -1)
    echo "rep=$r variant=$v state=$st bogo_ops_per_s_real=$ops" | tee -a "$out/runs.txt"
    perf sched timehist -i "/dev/shm/$v-$r.data" -w > "$out/$v-$r.timehist" 2>/dev/null
    rm -f "/dev/shm/$v-$r.data"
    sleep 1
  done
done
