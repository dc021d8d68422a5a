set -eu
B=$PWD/target/release
for m in handoff event; do
  extra=; [ $m = handoff ] && extra="--sleep-us 50 --work-us 0"
  $B/scx-ab --cooldown-s 1 --reps 4 --metric ns_per_op --sample-stats \
    --variant eevdf --variant "before=$PWD/.cache/scx_lockaware.6547e64 --bpf-stats" \
    --variant "after=$B/scx_lockaware --bpf-stats" --out results/s18-probe/$m -- \
    $B/scx-workloads futex --mode $m --workers 2 $extra --duration 4
done
