/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one header shared by the BPF side of scx_lockaware and its Rust agent
 * (bindgen turns it into bpf_intf.rs). Plain C types only: no vmlinux.h.
 */
#ifndef __LOCKAWARE_INTF_H
#define __LOCKAWARE_INTF_H

enum lockaware_consts {
	MAX_CPUS	= 1024,	/* highest CPU id + 1 the scheduler handles */
	MAX_LLCS	= 256,	/* number of last-level caches it handles */
};

/*
 * Per-CPU event counters (struct cpu_stats in sched_common.bpf.h). The agent
 * sums them over CPUs; stats.rs describes each one.
 */
enum lockaware_stat {
	STAT_DIRECT_IDLE,	/* woken task put straight on an idle CPU */
	STAT_KTHREAD_LOCAL,	/* per-CPU kthread queued on its own CPU */
	STAT_PINNED_LOCAL,	/* other one-CPU task queued on its CPU */
	STAT_LLC_ENQ,		/* task queued on its LLC's vtime queue */
	STAT_KICK_IDLE,		/* enqueued task handed to an idle CPU, which is woken */
	STAT_PULL_IDLE_CORE,	/* task preempted on a doubly busy core for an idle core */
	STAT_DISPATCH_LLC,	/* CPU took work from its own LLC queue */
	STAT_DISPATCH_STEAL,	/* CPU took work from another LLC's queue */
	STAT_KEEP_PREV,		/* nothing queued: current task kept running */
	NR_SCHED_STATS,
};

#endif /* __LOCKAWARE_INTF_H */
