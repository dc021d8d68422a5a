//! The thesis's chapter-2 microbenchmarks (SPEC.md section 3) and the single-counter lock
//! benchmark of T§3.4: one worker per CPU by default, optionally pinned, ops/s per worker.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use anyhow::Result;

/// Which microbenchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Micro {
    /// fork + waitpid; the child exits at once.
    Fork,
    /// dup + close of a private file descriptor.
    Dup,
    /// socket + close.
    Sock,
    /// SysV semaphore ping-pong with a child process.
    Sem,
}

/// The lock of the single-counter benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CounterLock {
    /// A user-space ticket spinlock (waiters spin on the CPU).
    Spin,
    /// A pthread mutex (waiters block in the kernel).
    Mutex,
}

/// One operation of `m`, repeated until `stop`; counts into `ops`.
pub fn run_micro(m: Micro, stop: &AtomicBool, ops: &AtomicU64) {
    match m {
        Micro::Fork => {
            while !stop.load(Ordering::Relaxed) {
                // SAFETY: the child only calls _exit.
                let pid = unsafe { libc::fork() };
                if pid == 0 {
                    unsafe { libc::_exit(0) };
                }
                if pid > 0 {
                    let mut st = 0;
                    unsafe { libc::waitpid(pid, &mut st, 0) };
                    ops.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        Micro::Dup => {
            let fd = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDONLY) };
            while fd >= 0 && !stop.load(Ordering::Relaxed) {
                let d = unsafe { libc::dup(fd) };
                if d >= 0 {
                    unsafe { libc::close(d) };
                    ops.fetch_add(1, Ordering::Relaxed);
                }
            }
            if fd >= 0 {
                unsafe { libc::close(fd) };
            }
        }
        Micro::Sock => {
            while !stop.load(Ordering::Relaxed) {
                let s = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM, 0) };
                if s >= 0 {
                    unsafe { libc::close(s) };
                    ops.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        Micro::Sem => sem_ping_pong(stop, ops),
    }
}

fn sem_op(id: i32, num: u16, op: i16) -> bool {
    let mut b = libc::sembuf {
        sem_num: num,
        sem_op: op,
        sem_flg: 0,
    };
    unsafe { libc::semop(id, &mut b, 1) == 0 }
}

/// Parent posts semaphore 0 and waits on 1; the child waits on 0 and posts 1.
fn sem_ping_pong(stop: &AtomicBool, ops: &AtomicU64) {
    let id = unsafe { libc::semget(libc::IPC_PRIVATE, 2, libc::IPC_CREAT | 0o600) };
    if id < 0 {
        return;
    }
    let child = unsafe { libc::fork() };
    if child == 0 {
        while sem_op(id, 0, -1) && sem_op(id, 1, 1) {}
        unsafe { libc::_exit(0) };
    }
    while child > 0 && !stop.load(Ordering::Relaxed) {
        if !(sem_op(id, 0, 1) && sem_op(id, 1, -1)) {
            break;
        }
        ops.fetch_add(1, Ordering::Relaxed);
    }
    // Removing the set fails the child's semop, which ends it.
    unsafe { libc::semctl(id, 0, libc::IPC_RMID) };
    if child > 0 {
        let mut st = 0;
        unsafe { libc::waitpid(child, &mut st, 0) };
    }
}

/// A ticket spinlock, as in the thesis's single-counter benchmark.
#[derive(Default)]
pub struct TicketLock {
    next: AtomicU32,
    owner: AtomicU32,
}

impl TicketLock {
    pub fn lock(&self) {
        let me = self.next.fetch_add(1, Ordering::Relaxed);
        while self.owner.load(Ordering::Acquire) != me {
            std::hint::spin_loop();
        }
    }
    pub fn unlock(&self) {
        self.owner.fetch_add(1, Ordering::Release);
    }
}

/// The shared state of the single-counter benchmark.
pub struct Counter {
    pub kind: CounterLock,
    pub spin: TicketLock,
    pub mutex: crate::PMutex,
    pub value: AtomicU64,
}

impl Counter {
    pub fn new(kind: CounterLock) -> Arc<Self> {
        Arc::new(Self {
            kind,
            spin: TicketLock::default(),
            mutex: crate::PMutex::new(),
            value: AtomicU64::new(0),
        })
    }

    /// Increment the shared counter under the lock until `stop`.
    pub fn run(&self, stop: &AtomicBool, ops: &AtomicU64) {
        while !stop.load(Ordering::Relaxed) {
            match self.kind {
                CounterLock::Spin => {
                    self.spin.lock();
                    self.value.fetch_add(1, Ordering::Relaxed);
                    self.spin.unlock();
                }
                CounterLock::Mutex => {
                    self.mutex.lock();
                    self.value.fetch_add(1, Ordering::Relaxed);
                    self.mutex.unlock();
                }
            }
            ops.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The CPUs this process may run on, in order (for --pin).
pub fn allowed_cpus() -> Result<Vec<usize>> {
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    if unsafe { libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set) } != 0 {
        return Err(std::io::Error::last_os_error().into());
    }
    Ok((0..libc::CPU_SETSIZE as usize)
        .filter(|&c| unsafe { libc::CPU_ISSET(c, &set) })
        .collect())
}

/// Pin the calling thread to `cpu`.
pub fn pin_to(cpu: usize) {
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    unsafe {
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of_val(&set), &set);
    }
}
