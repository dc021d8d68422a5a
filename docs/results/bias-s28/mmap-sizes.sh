#!/bin/sh
# mmap and postmark (4 workers) at 2 vCPUs with the scheduler's stats sampled: which SSC size
# each search ends at, with and without thro's bias priced, beside fixed sizes.
B=/work/main/target/release
cd /work/main/results/s28
for w in mmap postmark; do
  case $w in mmap) cmd="$B/scx-workloads mmap --threads {workers} --duration 8" ;;
             postmark) cmd="$B/scx-workloads files postmark --workers {workers} --duration 8" ;; esac
  $B/scx-ab --cooldown-s 1 --reps 5 --sample-stats --workers 4 \
    --variant eevdf --variant "lockaware=$B/scx_lockaware" \
    --variant "nobias=$B/scx_lockaware --thro-bias 0" \
    --variant "ssc1=$B/scx_lockaware --ssc-cpus 0" --variant "ssc2=$B/scx_lockaware --ssc-cpus 0-1" \
    --out sizes-$w -- $cmd
done
