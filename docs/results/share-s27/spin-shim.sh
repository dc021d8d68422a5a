#!/bin/sh
# The pthread spinlock item with two builds of libinform side by side (§37.4): the variant
# "old" preloads the shim of INFORM_OLD (the build before the shim's own spinlock wait), the
# variant "inform" that of target/inform. Run in a 2-vCPU guest from the tree's root:
#   tools/vm/vmrun --cpus 2 --memory 2G -- sh docs/results/share-s27/spin-shim.sh OUT
# with INFORM_OLD=.cache/inform-old built by `tools/inform-build` from the older tree.
set -eu
out=${1:?usage: spin-shim.sh OUT}
old=${INFORM_OLD:-.cache/inform-old}
if [ "${SPIN_SHIM_WORKLOAD:-}" = 1 ]; then
  shift
  [ "${SCX_AB_VARIANT:-}" = old ] && export INFORM_DIR="$PWD/$old"
  exec tools/bench/inform-workload "$@"
fi
B=target/release
SPIN_SHIM_WORKLOAD=1 INFORM_SHIM_VARIANTS="inform old" INFORM_DIR="$PWD/target/inform" \
  $B/scx-ab --cooldown-s 1 --reps "${REPS:-5}" --also-metric hog_share --also-metric hog_service \
  --also-metric app_service --sample-stats --variant eevdf \
  --variant "inform=$B/scx_lockaware --inform-lib $PWD/target/inform/libinform.so" \
  --variant "old=$B/scx_lockaware --inform-lib $PWD/$old/libinform.so" \
  --out "$out" -- sh docs/results/share-s27/spin-shim.sh "$out" pthread-spin 8 2 4
