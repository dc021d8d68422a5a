# Session 24 (docs/benchmarks.md §34): the futex lock-wait recognition without a probe
# ("sleep", the new default) against fentry/fexit and against none, all with --bpf-stats, on
# lock sleeps (handoff) and other futex sleeps (event). Run in a 2-vCPU guest:
#   tools/vm/vmrun --cpus 2 -- sh docs/results/probe-2vcpu-s24/probe-ab.sh
set -eu
B=$PWD/target/release
for m in handoff event; do
  extra=; [ $m = handoff ] && extra="--sleep-us 50 --work-us 0"
  $B/scx-ab --cooldown-s 1 --reps 5 --metric ns_per_op --sample-stats \
    --variant eevdf --variant "sleep=$B/scx_lockaware --bpf-stats" \
    --variant "fentry=$B/scx_lockaware --futex-probe fentry --bpf-stats" \
    --variant "notrace=$B/scx_lockaware --no-futex --no-kernel-locks --bpf-stats" \
    --out results/s24-probe/$m -- \
    $B/scx-workloads futex --mode $m --workers 2 $extra --duration 4
done
