"""From a log of tests/vm/test_ssc.py run with -s: per run of the mutex-pair test, how many
of its samples had both workers in the class; per run of the quiet test, its after-samples."""
import re
import sys

for line in open(sys.argv[1]):
    if not line.startswith("{"):
        continue
    if "{'klock" in line and "), (" in line and ": (" in line:
        n = re.findall(r"\((\d+), (\d+), \{", line)
        both = sum(1 for _c, k in n if k == "2")
        print(f"pair test: both in {both} of {len(n)} samples")
    else:
        after = re.search(r"\] (\[\(.*?\)\]) \{", line)
        print("quiet test: after", after.group(1) if after else line[:200])
