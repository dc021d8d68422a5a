#!/bin/sh
# hogshare.py 5 times per scheduler, interleaved ($BUILDS: names under results/bin/s36, or eevdf):
# EEVDF, pinned (without the local requeue), handoff (the hand-off's waker only),
# requeue (any one-CPU task queued again). In a 4-vCPU guest, from the repository root.
PY=${PY:-python3}
for i in 1 2 3 4 5; do
  for b in ${BUILDS:-eevdf pinned requeue}; do
    if [ $b = eevdf ]; then a=eevdf; else a=; fi
    echo "== $b $i $(SCX_LOCKAWARE_BIN=/work/main/results/bin/s36/$b $PY docs/results/pinned-s36/hogshare.py $a 2>&1 | tail -1)"
  done
done
