# stress-ng flock under EEVDF, scx_lockaware and the kernel's scx_simple, interleaved, with
# what each run cost the guest: context switches and idle time (/proc/stat), reschedule and
# function-call IPIs (/proc/interrupts RES, CAL), the time tasks waited runnable for a CPU
# and ran, over all CPUs (/proc/schedstat run_delay, rq_cpu_time, pcount: the core's own
# accounting, the same under every scheduler class; added in session 24), and the scheduler's
# own stats where it has them. Run in a guest (docs/benchmarks.md §33):
#   tools/vm/vmrun --cpus N -- sh docs/results/flock-s23/flock.sh OUT [REPS] [SECS] [WORKERS]
# WORKLOAD='COMMAND' runs another workload that prints a JSON line with "ops_per_s" last
# (session 24: WORKLOAD='target/release/scx-workloads futex --mode event --workers 2
# --duration 4').
cd /work/main
out=${1:-/tmp/flock}; reps=${2:-5}; secs=${3:-10}; w=${4:-$(nproc)}
mkdir -p "$out"
ncpu=$(nproc)
irq() { awk -v k="$1:" '$1 == k { s = 0; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) s += $i; print s }' /proc/interrupts; }
ctxt() { awk '$1 == "ctxt" {print $2}' /proc/stat; }
idle() { awk '$1 == "cpu" {print $5 + $6}' /proc/stat; }
# Field N of /proc/schedstat's cpu lines, summed: 8 rq_cpu_time, 9 run_delay (ns), 10 pcount.
sstat() { awk -v f="$1" '$1 ~ /^cpu[0-9]/ { s += $f } END { printf "%.0f", s }' /proc/schedstat; }
for r in $(seq "$reps"); do
  for v in eevdf lockaware simple; do
    p=
    case $v in
      lockaware) target/release/scx_lockaware --stats 1 > "$out/$v-$r.log" 2>&1 & p=$! ;;
      simple) .cache/scx-simple-6.12/scx_simple > "$out/$v-$r.log" 2>&1 & p=$! ;;
    esac
    if [ -n "$p" ]; then
      for i in $(seq 150); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    fi
    st=$(cat /sys/kernel/sched_ext/state)
    r0=$(irq RES) c0=$(irq CAL) x0=$(ctxt) i0=$(idle) t0=$(sstat 8) d0=$(sstat 9) n0=$(sstat 10)
    if [ -n "${WORKLOAD:-}" ]; then
      res=$(eval "$WORKLOAD" | tail -1)
    else
      res=$(tools/bench/ext-workload stress-flock "$w" "$secs" | tail -1)
    fi
    r1=$(irq RES) c1=$(irq CAL) x1=$(ctxt) i1=$(idle) t1=$(sstat 8) d1=$(sstat 9) n1=$(sstat 10)
    [ -n "$p" ] && { kill -INT $p; wait $p; }
    ops=$(echo "$res" | sed 's/.*"ops_per_s":\([0-9.]*\).*/\1/')
    echo "rep=$r variant=$v state=$st ops_per_s=$ops ctxt=$((x1 - x0)) res_ipi=$((r1 - r0)) cal_ipi=$((c1 - c0)) idle_ticks=$((i1 - i0)) run_ns=$((t1 - t0)) delay_ns=$((d1 - d0)) arrivals=$((n1 - n0)) ncpu=$ncpu secs=$secs" | tee -a "$out/runs.txt"
    sleep 1
  done
done
