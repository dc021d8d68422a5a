cd /work/main
for it in "sysbench-threads 16 5 2" "sysbench-mutex 8 5 0"; do
  set -- $it
  target/release/scx-ab --cooldown-s 1 --reps 8 --variant "before=/work/main/.cache/exp/old/scx_lockaware" \
    --variant "new=/work/main/target/release/scx_lockaware" --out results/ext-s21-pair/$1 -- \
    tools/bench/ext-workload "$@" > results/ext-s21-pair/$1.log 2>&1
done
