#!/bin/sh
cd /work/main
PY=/root/.pyenv/versions/3.11.7/bin/python3
for i in 1 2 3 4; do
  $PY -m pytest -q -s tests/vm/test_ssc.py -k "stay_lock_intensive or stops_waiting" 2>&1 | grep -E "^\{|passed|failed|Error"
done
