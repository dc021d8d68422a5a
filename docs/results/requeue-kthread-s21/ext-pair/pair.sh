# The build before (.cache/exp/old/scx_lockaware, HEAD 197c483) against this one, 8 interleaved
# pairs of 5 s per item (docs/benchmarks.md §31.4). Each argument is one item, "NAME WORKERS
# SECS HOGS" for tools/bench/ext-workload; default the two sysbench items. In a 4-vCPU guest:
#   tools/vm/vmrun --cpus 4 --memory 2G -- sh docs/results/requeue-kthread-s21/ext-pair/pair.sh
cd /work/main
mkdir -p results/ext-s21-pair
[ $# -gt 0 ] || set -- "sysbench-threads 16 5 2" "sysbench-mutex 8 5 0"
for it in "$@"; do
  set -- $it
  target/release/scx-ab --cooldown-s 1 --reps 8 --variant "before=/work/main/.cache/exp/old/scx_lockaware" \
    --variant "new=/work/main/target/release/scx_lockaware" --out results/ext-s21-pair/$1 -- \
    tools/bench/ext-workload "$@" > results/ext-s21-pair/$1.log 2>&1
done
