#!/bin/sh
# Session 52 (docs/benchmarks.md §71): the rseq time-slice extension (Linux >= 7.0) asked for
# by libinform's holds (INFORM_RSEQ_SLICE=1), under EEVDF and beside scx_lockaware's hints.
# The inform suite with two more variants in every guest:
#   slice   EEVDF, the counter's holds asking for the extension (the pthread items under the
#           shim, which asks around every pthread lock's hold);
#   islice  scx_lockaware --inform-lib, the holds asking for it too.
# glibc 2.36 registers the original 32-byte rseq area, which the kernel does not extend, so
# both turn glibc's registration off (GLIBC_TUNABLES) and libinform registers its own.
# Kernel: Linux 7.2.13 with CONFIG_RSEQ_SLICE_EXTENSION (tools/vm/build-kernel --version 7.2
# --rseq-slice), the test kernel's configuration otherwise.
# The barrier items are left out: a barrier wait is no hold, so nothing asks for the extension.
#   sh docs/results/rseq-s52/run.sh   (CPUS=2 REPS=5 EXT_NS=5000 ITEMS="1 2 3 4 5 6"
#                                      OUT=results/s52/slice-c2-5000)
# EXT_NS: the kernel's budget per extension (debugfs rseq/slice_ext_nsec; 5000, its default,
# to 50000).
set -eu
cd "$(dirname "$0")/../../.."
root=$PWD
export SCX_VM_KERNEL="$root/.cache/vm-kernel-7.2-rseq/bzImage"
slice="INFORM_RSEQ_SLICE=1 GLIBC_TUNABLES=glibc.pthread.rseq=0"
env_for() { for kv in $slice; do printf '%s:%s ' "$1" "$kv"; done; }
export SCX_REF="slice=eevdf;islice=$root/target/release/scx_lockaware --inform-lib $root/target/inform/libinform.so"
export INFORM_SHIM_VARIANTS="inform slice islice"
INFORM_VARIANT_ENV="$(env_for slice)$(env_for islice)"
export INFORM_VARIANT_ENV
export INFORM_SLICE_EXT_NS="${EXT_NS:-5000}"
for i in ${ITEMS:-1 2 3 4 5 6}; do
  tools/vm/suite -c "${CPUS:-2}" -r "${REPS:-5}" -t 4 -i "$i" \
    -o "${OUT:-results/s52/slice-c${CPUS:-2}-$INFORM_SLICE_EXT_NS}" inform || true
done
