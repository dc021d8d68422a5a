/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BPF helpers shared by scx_lockaware and scx_corepair.
 *
 * Everything here is small and inline: per-CPU statistics counters, task
 * classification helpers, the per-LLC virtual-time bookkeeping and the
 * idle-core-first CPU pick. Each scheduler includes this header after
 * <scx/common.bpf.h> and provides:
 *
 *   - MAX_CPUS, MAX_LLCS and NR_SCHED_STATS (in its intf.h);
 *   - the read-only tables cpu_llc[], cpu_sibling[] and smt_enabled, filled by
 *     userspace before load (sched_common::topo: dense_llc_index, sibling_of);
 *   - a per-LLC context (struct llc_ctx) looked up with lookup_llc_ctx().
 */
#ifndef __SCHED_COMMON_BPF_H
#define __SCHED_COMMON_BPF_H

/*
 * Per-CPU statistics. One cache line per CPU and no atomics: the agent sums
 * the per-CPU copies (seed 001: no global hot spot on the hot paths).
 */
struct cpu_stats {
	u64 cnt[NR_SCHED_STATS];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cpu_stats);
} cpu_stats SEC(".maps");

static __always_inline void stat_add(u32 idx, u64 val)
{
	struct cpu_stats *s;
	u32 zero = 0;

	s = bpf_map_lookup_elem(&cpu_stats, &zero);
	if (s && idx < NR_SCHED_STATS)
		s->cnt[idx] += val;
}

static __always_inline void stat_inc(u32 idx)
{
	stat_add(idx, 1);
}

/* A kernel thread bound to one CPU (ksoftirqd, kworker/N, migration...). */
static __always_inline bool is_pcpu_kthread(const struct task_struct *p)
{
	return (p->flags & PF_KTHREAD) && p->nr_cpus_allowed == 1;
}

/*
 * Whether a scheduling policy belongs to a class above sched_ext (the values
 * of include/uapi/linux/sched.h, which vmlinux.h does not carry).
 */
static __always_inline bool is_rt_or_dl_policy(int policy)
{
	return policy == 1 /* SCHED_FIFO */ || policy == 2 /* SCHED_RR */ ||
	       policy == 6 /* SCHED_DEADLINE */;
}

/*
 * Dense LLC index of @cpu, or 0 for an out-of-range CPU. The mask keeps the
 * verifier's bounds tight (MAX_CPUS is a power of two).
 */
static __always_inline u32 cpu_to_llc(s32 cpu)
{
	u32 c = (u32)cpu;

	if (c >= MAX_CPUS)
		return 0;
	return cpu_llc[c & (MAX_CPUS - 1)];
}

/* Another CPU of @cpu's core (its SMT sibling), or -1. */
static __always_inline s32 sibling_of(s32 cpu)
{
	u32 c = (u32)cpu;

	if (c >= MAX_CPUS)
		return -1;
	return cpu_sibling[c & (MAX_CPUS - 1)];
}

/*
 * Signed difference a - b of two virtual times, robust to wrap-around.
 */
static __always_inline s64 vtime_delta(u64 a, u64 b)
{
	return (s64)(a - b);
}

/*
 * Move a task's virtual time from the clock of LLC @from to the clock of LLC
 * @to, keeping its lag (how far it is ahead of or behind that LLC's clock).
 * Each LLC keeps its own clock so that no cache line is shared across LLCs.
 */
static __always_inline u64 vtime_rebase(u64 vtime, u64 from_now, u64 to_now)
{
	return to_now + vtime_delta(vtime, from_now);
}

/*
 * Limit the credit a task can have built up while sleeping to one slice, so
 * that a task waking after a long sleep cannot monopolise the CPU.
 */
static __always_inline u64 vtime_clamp_credit(u64 vtime, u64 now, u64 max_credit)
{
	if (vtime_delta(vtime, now - max_credit) < 0)
		return now - max_credit;
	return vtime;
}

/*
 * Idle-core-first CPU pick (seed 003, HT-aware scheduling): a CPU on a fully
 * idle physical core first (the previous CPU, then within @llc_mask, then
 * anywhere allowed), then any idle CPU: the previous one, its SMT sibling
 * @prev_sib (same L1/L2; -1 if none), then within @llc_mask, then anywhere
 * allowed. @llc_mask must already be restricted to
 * the task's allowed CPUs; @llc_is_all says it is all of them (a machine of
 * one LLC), which skips the searches "anywhere allowed": they would scan the
 * same CPUs again. The returned CPU's idle bit has been claimed.
 * Returns a negative value when no CPU is idle.
 */
static __always_inline s32 pick_idle_cpu_core_first(const struct task_struct *p,
						    s32 prev_cpu,
						    const struct cpumask *llc_mask,
						    bool smt, s32 prev_sib,
						    bool llc_is_all)
{
	const struct cpumask *idle_smt;
	bool prev_core_idle = false;
	bool prev_allowed;
	s32 cpu;

	prev_allowed = prev_cpu >= 0 && bpf_cpumask_test_cpu(prev_cpu, p->cpus_ptr);

	if (smt) {
		if (prev_allowed) {
			idle_smt = scx_bpf_get_idle_smtmask();
			prev_core_idle = bpf_cpumask_test_cpu(prev_cpu, idle_smt);
			scx_bpf_put_idle_cpumask(idle_smt);
			if (prev_core_idle && scx_bpf_test_and_clear_cpu_idle(prev_cpu))
				return prev_cpu;
		}
		cpu = scx_bpf_pick_idle_cpu(llc_mask, SCX_PICK_IDLE_CORE);
		if (cpu >= 0)
			return cpu;
		if (!llc_is_all) {
			cpu = scx_bpf_pick_idle_cpu(p->cpus_ptr, SCX_PICK_IDLE_CORE);
			if (cpu >= 0)
				return cpu;
		}
	}

	if (prev_allowed && scx_bpf_test_and_clear_cpu_idle(prev_cpu))
		return prev_cpu;

	if (prev_sib >= 0 && bpf_cpumask_test_cpu(prev_sib, p->cpus_ptr) &&
	    scx_bpf_test_and_clear_cpu_idle(prev_sib))
		return prev_sib;

	cpu = scx_bpf_pick_idle_cpu(llc_mask, 0);
	if (cpu >= 0 || llc_is_all)
		return cpu;

	return scx_bpf_pick_idle_cpu(p->cpus_ptr, 0);
}

#endif /* __SCHED_COMMON_BPF_H */
