#!/bin/sh
# micro sem, 2 vCPUs: A/A/B check of an order effect: final, base (1badfe1), final again
B=/work/main/target/release
S=/work/main/results/bin/s41
$B/scx-ab --cooldown-s 1 --reps ${REPS:-8} --variant eevdf \
  --variant "final=$S/final2" --variant "base=$S/base" --variant "final_b=$S/final2" \
  --out ${OUT:-/work/main/results/sem-aab} -- \
  $B/scx-workloads micro sem --pin --duration ${SECS:-4}
