#!/bin/sh
# tools/vm/vmrun --cpus 2 --memory 2G --kernel /work/shared/vmtest/bzImage-7.2.13-scx -- sh docs/results/mq-s62/run-7.2.sh
cd /work/main
PY=/root/.pyenv/versions/3.11.7/bin/python3
$PY docs/results/mq-s62/mqmode.py ${ROUNDS:-3} 4 eevdf default= \
  notrace='--no-futex --no-kernel-locks --no-xcall-waits' \
  nosync='--no-wake-sync' noaffine='--no-wake-affine' nopreempt='--no-wake-preempt'
