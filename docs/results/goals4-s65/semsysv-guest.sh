#!/bin/sh
B=/work/main/target/release/scx_lockaware
W=4 sh /work/main/docs/results/ext-s54/counts.sh 4 sem-sysv "lockaware=$B" "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits"
W=4 sh /work/main/docs/results/ext-s54/counts.sh 3 fork "lockaware=$B" "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits"
