#!/bin/sh
# Session 54: counts.sh (perf stat -a counters, idle share, sleep overrun) for stress-ng
# nanosleep and fork, 2 vCPUs, 6 rounds: EEVDF, scx_lockaware, without tracing, scx_simple
# (KERNELS, STRESSORS, ROUNDS, CPUS and W, the workers, change them).
cd /work/main
K=/work/shared/vmtest
B=$PWD/target/release/scx_lockaware
for k in ${KERNELS:-6.12.117}; do
  s=$PWD/.cache/scx-simple-${k%.*}/scx_simple
  ref=; [ -x "$s" ] && ref="simple=$s"
  for w in ${STRESSORS:-nanosleep fork}; do
    o=results/s54/counts-$w-$k${W:+-w$W}.log
    tools/vm/vmrun --kernel $K/bzImage-$k-scx --cpus ${CPUS:-2} --memory 2G --timeout 1200 -- \
      env W=${W:-2} sh docs/results/ext-s54/counts.sh ${ROUNDS:-6} $w "lockaware=$B" \
      "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits" $ref \
      > $o 2>&1
  done
done
echo done > results/s54/chain3.done
