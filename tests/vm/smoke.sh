#!/bin/sh
# VM smoke test (run inside the guest as root): attach, 10 s of stress-ng, SIGINT, clean exit.
# Fails unless the kernel reports the scheduler enabled with our ops name the whole time.
set -u
S=/sys/kernel/sched_ext
fail() { echo "FAIL: $*"; exit 1; }
[ -e $S/state ] || fail "no sched_ext in this kernel"
[ "$(cat $S/state)" = disabled ] || fail "a scheduler is already attached"
./target/release/scx_lockaware --stats 2 & P=$!
i=0; while [ "$(cat $S/state)" != enabled ] && [ $i -lt 300 ]; do sleep 0.2; i=$((i+1)); done
[ "$(cat $S/state)" = enabled ] || fail "scheduler never attached"
case "$(cat $S/root/ops)" in lockaware*) ;; *) fail "root/ops is '$(cat $S/root/ops)'";; esac
stress-ng --cpu 8 --fork 4 --mutex 4 --mmap 2 --timeout 10 -q || fail "stress-ng failed"
[ "$(cat $S/state)" = enabled ] || fail "scheduler ejected during the workload"
kill -0 $P || fail "scheduler process died"
kill -INT $P; wait $P; rc=$?
[ $rc = 0 ] || fail "exit code $rc after SIGINT"
sleep 2
[ "$(cat $S/state)" = disabled ] || fail "state not disabled after exit"
echo "smoke: 1 passed, 0 failed"
