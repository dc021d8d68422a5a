#!/bin/sh
# tools/vm/vmrun --cpus 2 --memory 2G [--kernel K] -- sh docs/results/mq-s62/knobs.sh
# stress-ng mq (ext item 18, 2 workers) under the wake-up preemption's knobs.
cd /work/main
PY=/root/.pyenv/versions/3.11.7/bin/python3
$PY docs/results/mq-s62/mqmode.py ${ROUNDS:-3} 4 eevdf default= nopreempt='--no-wake-preempt' \
  gran5000='--wake-preempt-gran-us 5000' credit0='--wake-credit-us 0' \
  credit1000='--wake-credit-us 1000'
