#!/bin/sh
PY=/root/.pyenv/versions/3.11.7/bin/python3
for i in 1 2 3; do
  "$PY" -m pytest -q -s tests/vm/test_risks.py -k test_event_futex_traffic_is_not_lock_wait 2>&1 | grep -E "largest|passed|failed|^E " | head -6
done
echo "== session 46's build"
for i in 1 2 3; do
  SCX_LOCKAWARE_BIN=/work/main/results/s47/la-base "$PY" -m pytest -q -s tests/vm/test_risks.py -k test_event_futex_traffic_is_not_lock_wait 2>&1 | grep -E "largest|passed|failed|^E " | head -6
done
