#!/bin/sh
# counter-mutex, 2 workers, 2 vCPUs: base (1badfe1), follow (31fb54e), final (HEAD)
B=/work/main/target/release
S=/work/main/results/bin/s41
$B/scx-ab --cooldown-s 1 --sample-stats --reps ${REPS:-10} --variant eevdf \
  --variant "base=$S/base -v" --variant "follow=$S/follow -v" --variant "final=$S/final -v" \
  --workers ${WORKERS:-2} --out ${OUT:-/work/main/results/ctl2/out} -- \
  $B/scx-workloads counter --lock mutex --workers {workers} --duration ${SECS:-4}
