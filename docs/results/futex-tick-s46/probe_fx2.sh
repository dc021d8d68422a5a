PY=$1
cd /work/main
$PY -m pytest -q -s tests/vm/test_ssc.py -k futex_counts 2>&1 | grep -E "shares|passed|failed|assert"
$PY -m pytest -q -s tests/vm/test_ssc.py -k futex_counts 2>&1 | grep -E "shares|passed|failed|assert"
# session 45's rule (all of p->stime), which the test must fail on
cp results/s45/la-final /tmp/la45; printf '#!/bin/sh\nexec /tmp/la45 --lock-sys-share "$@"\n' > /tmp/la45w; chmod +x /tmp/la45w
SCX_LOCKAWARE_BIN=/tmp/la45w $PY -m pytest -q -s tests/vm/test_ssc.py -k futex_counts 2>&1 | grep -E "shares|passed|failed|assert"
