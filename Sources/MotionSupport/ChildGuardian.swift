import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process that keeps an engine child's descendants from outliving motionbench, even when motionbench is killed
/// with SIGKILL (which no handler of its own can see).
///
/// The child that loads an engine (`_engine`) forks first. The forked process (the worker) loads
/// and runs the engine; the process motionbench started (the guardian) runs no engine code. The guardian is the
/// subreaper of the worker's descendants, so a double-forked or `setsid` daemon is re-parented to it, and its death
/// signal is SIGHUP, which it handles:
/// - the worker ends: the guardian ends the same way (exit status or signal), leaving any daemon to be re-parented
///   to motionbench, which stops it and names it in the engine's row;
/// - SIGTERM (motionbench's timeout): the worker is killed, then as above;
/// - SIGHUP (motionbench died, or is ending: `ChildProcess.run(guarded:)`): the worker and every descendant
///   re-parented to the guardian are killed and reaped, then the guardian exits.
///
/// The worker's own death signal (SIGKILL) is tied to the guardian.
package enum ChildGuardian {
    /// Forks; returns in the worker. The guardian never returns: it watches the worker and exits as described above.
    /// Does nothing (returns at once) where `fork` fails or outside Linux.
    package static func forkWorker() {
        #if os(Linux)
        let parent = getppid()
        var watched = sigset_t(), previous = sigset_t()
        sigemptyset(&watched)
        for number in [SIGHUP, SIGTERM, SIGCHLD] { sigaddset(&watched, number) }
        // Blocked before the fork, so that a signal sent between the fork and the wait below is not lost.
        sigprocmask(SIG_BLOCK, &watched, &previous)
        let guardian = getpid()
        let worker = fork()
        if worker < 0 {
            sigprocmask(SIG_SETMASK, &previous, nil)
            return
        }
        if worker == 0 {
            sigprocmask(SIG_SETMASK, &previous, nil)
            ProcessControl.setDeathSignal(SIGKILL)
            if getppid() != guardian { _exit(125) }
            return
        }
        ProcessControl.becomeSubreaper()
        ProcessControl.setDeathSignal(SIGHUP)
        if getppid() != parent { stopEverything(worker: worker) }
        watch(worker: worker, signals: &watched)
        #endif
    }

    #if os(Linux)
    /// The guardian's loop: waits for a signal (or a second), then reaps what has ended.
    private static func watch(worker: pid_t, signals: inout sigset_t) -> Never {
        var info = siginfo_t()
        var second = timespec(tv_sec: 1, tv_nsec: 0)
        while true {
            let number = sigtimedwait(&signals, &info, &second)
            if number == SIGHUP { stopEverything(worker: worker) }
            if number == SIGTERM {
                kill(worker, SIGKILL)
                var status: Int32 = 0
                while waitpid(worker, &status, 0) < 0 && errno == EINTR {}
                end(like: status)
            }
            // Reaps the worker (then ends like it) and any daemon that has ended (a zombie re-parented here).
            while true {
                var status: Int32 = 0
                let pid = waitpid(-1, &status, WNOHANG)
                if pid <= 0 { break }
                if pid == worker { end(like: status) }
            }
        }
    }

    /// Kills the worker and every process re-parented to the guardian, reaps them, and exits.
    private static func stopEverything(worker: pid_t) -> Never {
        kill(worker, SIGKILL)
        _ = ProcessControl.stopAdoptedDescendants { _ in false }
        _exit(128 + SIGHUP)
    }

    /// Exits with the worker's exit status, or ends by the signal that ended it (without a core file).
    private static func end(like status: Int32) -> Never {
        let signal = status & 0x7F
        if signal == 0 { _exit((status >> 8) & 0xFF) }
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
        Glibc.signal(signal, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        sigprocmask(SIG_UNBLOCK, &only, nil)
        kill(getpid(), signal)
        _exit(128 + signal)
    }
    #endif
}
