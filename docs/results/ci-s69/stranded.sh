for i in 1 2 3; do /root/.pyenv/versions/3.11.7/bin/python3 -m pytest -q -s tests/vm/test_risks.py -k stranded 2>&1 | grep -E 'sizes|passed|failed'; done
