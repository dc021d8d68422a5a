#!/bin/sh
# what the cross-CPU wait probes cost: mmap, 2 threads, SSC fixed at both CPUs, --bpf-stats
B=/work/main/target/release; O=$1; R=${2:-3}; S=/work/main/results/bin/s30
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats \
  --variant "xcall=$S/xcall --bpf-stats --ssc-cpus 0-1" --variant "noxcall=$S/xcall --bpf-stats --ssc-cpus 0-1 --no-xcall-waits" \
  --out $O -- $B/scx-workloads mmap --threads 2 --duration 6 2>&1 | tail -4
