#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MotionBench's side of the child process that loads an engine (`_engine`, `_workload`): a death
/// signal tied to the parent, and a SIGSEGV/SIGBUS handler that records the faulting address in the heartbeat page.
/// (Swift, not C: C in the motionbench binary carries DWARF 5 debug information, which valgrind 3.19, the gate's
/// instruction counter, cannot read.)
package enum EngineChild {
    /// The environment variable through which a parent motionbench passes its pid to the children it starts.
    package static let parentVariable = "MOTIONBENCH_PARENT_PID"

    /// Ties this process to the parent named by `MOTIONBENCH_PARENT_PID` (then removed from the environment, so that
    /// nothing this process starts inherits it): `prctl(PR_SET_PDEATHSIG, SIGKILL)`, then, since the death signal only
    /// covers a parent that dies after it is set, exits at once (status 125) when the parent is already gone (a wrapper
    /// between the two, such as valgrind's launcher, is told apart by the parent still existing). Does nothing when
    /// run by hand (no variable).
    package static func tieToParent() {
        guard let text = getenv(parentVariable).map({ String(cString: $0) }), let parent = pid_t(text), parent > 0 else {
            return
        }
        unsetenv(parentVariable)
        #if os(Linux)
        // prctl is variadic in C, so Swift does not import it: it is called through its address with integer
        // arguments (PR_SET_PDEATHSIG is 1).
        if let symbol = dlsym(nil, "prctl") {
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            _ = unsafeBitCast(symbol, to: Prctl.self)(1, UInt(SIGKILL), 0, 0, 0)
        }
        #endif
        if getppid() != parent, kill(parent, 0) != 0, errno == ESRCH { _exit(125) }
    }

    /// Where the handler stores a fault: the signal, then the address.
    nonisolated(unsafe) static var faultWords: UnsafeMutablePointer<Int64>?
    /// The handler's own stack (a fault may be a stack overflow).
    nonisolated(unsafe) static let faultStack = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)

    /// From now on a SIGSEGV or SIGBUS stores its signal at `words[0]` and its faulting address at `words[1]`, then
    /// ends the process as it would have (the default action restored and the signal raised again).
    package static func recordFaults(into words: UnsafeMutablePointer<Int64>) {
        #if os(Linux)
        faultWords = words
        var stack = stack_t(ss_sp: faultStack, ss_flags: 0, ss_size: 1 << 16)
        sigaltstack(&stack, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { number, info, _ in
            if let words = EngineChild.faultWords {
                words[1] = Int64(Int(bitPattern: info?.pointee._sifields._sigfault.si_addr))
                words[0] = Int64(number)
            }
            // SA_RESETHAND restored the default action: a fault re-runs the faulting instruction, a raised signal is
            // raised again (pending until this handler returns); either ends the process with the signal.
            raise(number)
        }
        // SA_SIGINFO | SA_ONSTACK | SA_RESETHAND (Linux's values).
        action.sa_flags = Int32(bitPattern: 0x0000_0004 | 0x0800_0000 | 0x8000_0000)
        sigemptyset(&action.sa_mask)
        sigaction(SIGSEGV, &action, nil)
        sigaction(SIGBUS, &action, nil)
        #endif
    }
}
