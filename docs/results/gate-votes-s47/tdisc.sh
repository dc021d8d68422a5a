#!/bin/sh
PY=/root/.pyenv/versions/3.11.7/bin/python3
SCX_LOCKAWARE_BIN=/work/main/results/s47/la-base "$PY" -m pytest -q -s tests/vm/test_ssc.py -k test_votes_count_futex_time 2>&1 | grep -E "p_sys of|passed|failed|^E.*AssertionError" | head -4
"$PY" -m pytest -q -s tests/vm/test_ssc.py -k test_votes_count_futex_time 2>&1 | grep -E "p_sys of|passed|failed" | head -4
