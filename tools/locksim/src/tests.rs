// SPDX-License-Identifier: GPL-2.0

use super::*;

fn one_section(nc_interval: u64, nc_misses: u32, cs_interval: u64, cs_misses: u32) -> Workload {
    Workload {
        name: "one".into(),
        noncritical: vec![NonCritical {
            interval: nc_interval,
            misses: nc_misses,
            prob: 1.0,
        }],
        critical: vec![Critical {
            interval: cs_interval,
            misses: cs_misses,
            prob: 1.0,
            bank: 0,
        }],
        lock: LockKind::Ticket,
    }
}

fn p1(latency: u64) -> Platform {
    Platform::builtin("P1", latency).unwrap()
}

fn curve(config: &str, platform: &str, cores: &[usize]) -> Vec<f64> {
    curve_with(config, platform, cores, Invalidate::Spinning)
}

fn curve_with(config: &str, platform: &str, cores: &[usize], inv: Invalidate) -> Vec<f64> {
    let mut p = Platform::builtin(platform, 1).unwrap();
    p.invalidate = inv;
    let w = Workload::builtin(config).unwrap();
    let out = sweep(&p, &w, cores, None, 200_000, 1);
    let base = sweep(&p, &w, &[1], None, 200_000, 1)[0].throughput;
    out.iter().map(|o| speedup(o, base)).collect()
}

#[test]
fn events_expand_in_the_thesis_order() {
    // §3.2.2.2 on one core: NC of 3-tick intervals with 1 miss, CS of 2-tick intervals with
    // 1 miss, latency 1.
    use Kind::*;
    let (p, w) = (p1(1), one_section(3, 1, 2, 1));
    let (_, trace) = Sim::new(&p, &w, 1, 1).traced().run_traced(17);
    let got: Vec<(Tick, Kind)> = trace.iter().map(|&(t, _, k)| (t, k)).collect();
    let want = vec![
        (0, EnterNc),
        (0, Instruction),
        (3, CacheMiss),
        (4, Instruction),
        (7, EnterC),
        (7, LockMiss),
        (8, Store),
        (9, Spin),
        (9, Instruction),
        (11, CacheMiss),
        (12, Instruction),
        (14, ExitC),
        (14, LockMiss),
        (15, Store),
        (16, EnterNc),
        (16, Instruction),
    ];
    assert_eq!(got, want);
}

#[test]
fn one_core_matches_the_closed_form() {
    // No contention: a loop is the NC section, then 4 lock-line accesses and the CS section,
    // every memory access `latency` ticks: throughput = 1 / loop.
    for latency in [1, 5] {
        for (a, b, c, d) in [(50, 1, 2, 1), (0, 0, 1, 1), (10, 3, 4, 2)] {
            let (p, w) = (p1(latency), one_section(a, b, c, d));
            let nc = (b as u64 + 1) * a + b as u64 * latency;
            let cs = 4 * latency + (d as u64 + 1) * c + d as u64 * latency;
            let o = Sim::new(&p, &w, 1, 3).run(1000 * (nc + cs));
            assert_eq!(
                o.sections, 1000,
                "latency {latency}, sections {a} {b} {c} {d}"
            );
            assert_eq!(o.lock_wait_pct, 0.0);
            let miss = o.events.iter().find(|(k, _)| k == "LOCK_MISS").unwrap().1;
            assert!(miss.abs_diff(2 * o.sections) <= 2, "{miss} lock misses");
        }
    }
}

#[test]
fn the_heap_hands_out_events_in_time_order() {
    let (p, w) = (p1(1), Workload::builtin("C4").unwrap());
    let (_, trace) = Sim::new(&p, &w, 16, 5).traced().run_traced(20_000);
    assert!(trace.len() > 10_000);
    assert!(trace.windows(2).all(|e| e[0].0 <= e[1].0));
    // Every core took part.
    let mut seen = [false; 16];
    trace.iter().for_each(|&(_, c, _)| seen[c] = true);
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn a_seed_gives_the_same_run() {
    let (p, w) = (p1(1), Workload::builtin("C4").unwrap());
    let a = serde_json::to_string(&Sim::new(&p, &w, 12, 9).run(50_000)).unwrap();
    let b = serde_json::to_string(&Sim::new(&p, &w, 12, 9).run(50_000)).unwrap();
    let c = serde_json::to_string(&Sim::new(&p, &w, 12, 10).run(50_000)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn every_waiting_core_misses_on_each_acquire_and_release() {
    // C1 has no non-critical work: all other cores always wait, and each ticket taken or
    // lock passed on costs each of them a LOCK_MISS, so misses per section grow with cores.
    let (p, w) = (p1(1), Workload::builtin("C1").unwrap());
    let per_section = |n| {
        let o = Sim::new(&p, &w, n, 1).run(100_000);
        let miss = o.events.iter().find(|(k, _)| k == "LOCK_MISS").unwrap().1;
        miss as f64 / o.sections as f64
    };
    let (m1, m2, m8) = (per_section(1), per_section(2), per_section(8));
    assert!((m1 - 2.0).abs() < 0.01, "{m1}");
    assert!(m2 > m1 && m8 > 2.0 * m2, "{m1} {m2} {m8}");
}

#[test]
fn the_configurations_have_the_thesis_shapes() {
    // Figure 3.8 on P1: C1 falls from the start; C3 and C4 peak inside 1..32 and then fall
    // steeply (lock thrashing); C2 still rises at 32. With the default invalidation C1 gains
    // a little at 2 cores first (docs/locksim.md); with `Queued` it falls from 1.
    let cores: Vec<usize> = (1..=32).collect();
    let c1q = curve_with("C1", "P1", &cores, Invalidate::Queued);
    assert!(c1q.windows(2).all(|w| w[1] < w[0]), "C1, queued: {c1q:?}");
    let peak = |s: &[f64]| {
        let (i, v) = s
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap();
        (cores[i], *v)
    };
    let c1 = curve("C1", "P1", &cores);
    assert!(
        c1[1] < 1.2 && c1[1..].windows(2).all(|w| w[1] < w[0]),
        "C1 {c1:?}"
    );
    assert!(c1[31] < 0.25, "C1 {c1:?}");
    let c2 = curve("C2", "P1", &cores);
    assert!(c2[31] > c2[23] && c2[31] > 20.0, "C2 {c2:?}");
    for (name, lo, hi) in [("C3", 10, 20), ("C4", 16, 26)] {
        let s = curve(name, "P1", &cores);
        let (at, v) = peak(&s);
        assert!((lo..=hi).contains(&at), "{name} peaks at {at}: {s:?}");
        assert!(s[31] < 0.8 * v, "{name} does not thrash: {s:?}");
    }
}

#[test]
fn the_lock_wait_share_jumps_when_thrashing_starts() {
    // §3.2.3.1: at C3 the share rises slowly to the peak (7.87% in the thesis) and then
    // quickly (79.31% at 32 cores).
    let (p, w) = (p1(1), Workload::builtin("C3").unwrap());
    let share = |n| Sim::new(&p, &w, n, 1).run(200_000).lock_wait_pct;
    let (s8, s32) = (share(8), share(32));
    assert!(s8 < 3.0 && s32 > 60.0, "{s8} {s32}");
}

#[test]
fn a_slower_memory_thrashes_earlier() {
    // §3.2.3.3: at latency 5 and 10, C3 peaks at fewer cores than at 1.
    let cores: Vec<usize> = (1..=20).collect();
    let w = Workload::builtin("C3").unwrap();
    let peak_at = |lat| {
        let p = p1(lat);
        let out = sweep(&p, &w, &cores, None, 200_000, 1);
        out.iter()
            .max_by(|a, b| a.throughput.total_cmp(&b.throughput))
            .unwrap()
            .cores
    };
    let (a, b, c) = (peak_at(1), peak_at(5), peak_at(10));
    assert!(a > b && b >= c, "peaks at {a}, {b}, {c}");
}

#[test]
fn platforms_reshape() {
    let p = Platform::builtin("P1", 1)
        .unwrap()
        .reshaped(Some(16), None, None);
    assert_eq!((p.cores(), p.banks, p.name.as_str()), (64, 16, "P1*"));
    let p = Platform::builtin("P3", 1)
        .unwrap()
        .reshaped(None, Some(64), None);
    assert_eq!((p.cores(), p.banks), (64, 1));
    let p = Platform::builtin("P2", 1)
        .unwrap()
        .reshaped(None, None, Some(4));
    assert_eq!((p.cores(), p.banks), (32, 4));
    assert_eq!(
        Platform::builtin("P1", 1)
            .unwrap()
            .reshaped(None, None, None)
            .name,
        "P1"
    );
}

fn with_lock(config: &str, lock: LockKind) -> Workload {
    let mut w = Workload::builtin(config).unwrap();
    w.lock = lock;
    w
}

#[test]
fn a_mutex_that_never_sleeps_is_the_ticket_lock() {
    // A spin budget longer than the run: no waiter ever sleeps, so nothing differs.
    let p = p1(1);
    let ticket = Workload::builtin("C3").unwrap();
    let mutex = with_lock(
        "C3",
        LockKind::Mutex {
            spin: 1 << 40,
            wake: 50,
        },
    );
    for n in [1, 8, 24] {
        let a = Sim::new(&p, &ticket, n, 2).run(100_000);
        let b = Sim::new(&p, &mutex, n, 2).run(100_000);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }
}

#[test]
fn a_fifo_mutex_pays_the_wake_up_on_every_hand_off_once_waiters_sleep() {
    // C3 with 16 cores and a 50-tick wake-up: waiters sleep, every release hands the lock to
    // a sleeper, and the lock is idle while it wakes: at most one section per (wake + hold).
    let p = p1(1);
    let w = with_lock("C3", LockKind::Mutex { spin: 10, wake: 50 });
    let o = Sim::new(&p, &w, 16, 1).run(200_000);
    // Hold: 2 + 1 + 2 ticks of section, then LOCK_MISS and STORE of the release.
    let bound = 1000.0 / (50.0 + 5.0);
    assert!(o.throughput <= bound, "{} > {bound}", o.throughput);
    assert!(
        o.lock_sleep_pct > 50.0 && o.lock_sleep_pct <= o.lock_wait_pct,
        "{o:?}"
    );
    // Nearly every section was handed to a sleeper.
    assert!(o.handoffs > 0.95 * o.throughput, "{o:?}");
    // No thrashing traffic at 32 cores: the sleepers do not miss on the lock's line.
    let m = Sim::new(&p, &w, 32, 1).run(200_000);
    let t = Sim::new(&p, &Workload::builtin("C3").unwrap(), 32, 1).run(200_000);
    let misses = |o: &Outcome| o.events.iter().find(|(k, _)| k == "LOCK_MISS").unwrap().1 as f64;
    let per = |o: &Outcome| misses(o) / o.sections as f64;
    assert!(per(&m) < 0.5 * per(&t), "{} {}", per(&m), per(&t));
}

fn shared(threads: usize, quantum: Tick) -> Sharing {
    Sharing { threads, quantum }
}

#[test]
fn one_thread_per_core_time_shared_is_the_thesis_setting() {
    // M = n with nobody waiting for a core: quanta end, nobody is preempted, and the work
    // done is the one-thread-per-core run's, with a spinning and with a sleeping lock.
    let p = p1(1);
    for w in [
        Workload::builtin("C3").unwrap(),
        with_lock("C3", LockKind::Mutex { spin: 10, wake: 50 }),
    ] {
        for n in [1, 8, 24] {
            let a = Sim::new(&p, &w, n, 4).run(100_000);
            let b = Sim::shared(&p, &w, n, shared(n, 1000), 4).run(100_000);
            assert_eq!(a.sections, b.sections, "{n} cores, {:?}", w.lock);
            assert_eq!(b.runq_pct, 0.0);
        }
    }
}

#[test]
fn time_shared_cores_are_never_idle_while_threads_wait() {
    // 12 threads on 4 cores: the cores are always busy (ticket waiters spin, so nobody
    // leaves a core but at the end of its quantum), each thread waits for a core about 2/3 of
    // the time, and all of them progress.
    let (p, w) = (p1(1), Workload::builtin("C2").unwrap());
    let mut sim = Sim::shared(&p, &w, 4, shared(12, 500), 1);
    let s = sim.advance(200_000);
    assert!(s.on >= 4 * 200_000 - 4 * 100, "{s:?}");
    assert!(
        s.on + s.queued >= 12 * 200_000 - 12 * 100,
        "every thread is on a core or queued: {s:?}"
    );
    let q = s.queued as f64 / (12.0 * 200_000.0);
    assert!((q - 2.0 / 3.0).abs() < 0.05, "{q}");
    assert!(
        sim.threads.iter().all(|t| t.cpu > 10_000),
        "a thread starved"
    );
}

#[test]
fn a_preempted_ticket_holder_or_waiter_stalls_the_lock_and_a_mutex_does_not() {
    // C1 (nothing outside the lock) with 8 threads on 4 cores and short quanta: a ticket
    // lock passes to waiters in order, also to one waiting for a core, and the spinners burn
    // their quanta meanwhile; a mutex's waiters sleep and leave the cores to the others.
    let p = p1(1);
    let ticket = Workload::builtin("C1").unwrap();
    let mutex = with_lock("C1", LockKind::Mutex { spin: 5, wake: 5 });
    let run = |w: &Workload, m| Sim::shared(&p, w, 4, shared(m, 200), 1).run(200_000);
    let (t4, t8) = (run(&ticket, 4), run(&ticket, 8));
    assert!(t8.throughput < 0.5 * t4.throughput, "{t4:?}\n{t8:?}");
    let (m4, m8) = (run(&mutex, 4), run(&mutex, 8));
    assert!(m8.throughput > 0.8 * m4.throughput, "{m4:?}\n{m8:?}");
}

#[test]
fn a_time_shared_run_is_deterministic() {
    let (p, w) = (
        p1(1),
        with_lock("C4", LockKind::Mutex { spin: 20, wake: 30 }),
    );
    let run =
        |seed| serde_json::to_string(&Sim::shared(&p, &w, 6, shared(20, 300), seed).run(50_000));
    assert_eq!(run(3).unwrap(), run(3).unwrap());
    assert_ne!(run(3).unwrap(), run(4).unwrap());
}
