import Foundation
import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs another program (a gate workload, valgrind, a base build) with a time limit and a cap on what it may print,
/// so that a child that hangs or floods its output ends the gate with a message instead of hanging it or exhausting
/// memory. A child never outlives this process: while it runs, its process group is killed (and the files named with
/// it removed) when this process exits or is stopped by SIGTERM, SIGINT or SIGHUP, and a motionbench child learns this
/// process's pid (`MOTIONBENCH_PARENT_PID`) to set itself a death signal.
package enum ChildProcess {
    /// How long a child may run and how much it may print.
    package struct Limits: Sendable, Equatable {
        /// Wall-clock seconds before the child is stopped (SIGTERM, then SIGKILL 2 s later).
        package var timeout: Double
        /// Bytes kept from each of standard output and standard error; a child that prints more is stopped.
        package var outputLimit: Int
        /// A motionbench child's data limit in bytes (`RLIMIT_DATA`, which it sets on itself before it loads an engine:
        /// `EngineMemory`), or nil for none. Passed as `MOTIONBENCH_ENGINE_MEMORY`; the child's data size is sampled
        /// while it runs, so that a failure can say the child reached it.
        package var memory: UInt64?

        /// Limits for one child.
        package init(timeout: Double = Limits.standard.timeout, outputLimit: Int = Limits.standard.outputLimit,
                    memory: UInt64? = nil) {
            self.timeout = timeout
            self.outputLimit = outputLimit
            self.memory = memory
        }

        /// 600 s and 1 MiB: a gate workload runs for under a second natively and under a minute in valgrind, and
        /// prints one line.
        package static let standard = Limits(uncheckedTimeout: 600, outputLimit: 1 << 20)

        private init(uncheckedTimeout: Double, outputLimit: Int) {
            timeout = uncheckedTimeout
            self.outputLimit = outputLimit
        }
    }

    /// Output of a finished child process.
    package struct Output: Sendable {
        /// Exit status (128 + N when a signal N ended it).
        package let status: Int32
        /// Standard output (at most `Limits.outputLimit` bytes).
        package let standardOutput: String
        /// Standard error (at most `Limits.outputLimit` bytes).
        package let standardError: String
        /// Descendants the child left running outside its process group (a `setsid` daemon, say), re-parented to this
        /// process and stopped after the child ended, as `ProcessControl.describe` names them.
        package var stoppedDescendants: [String] = []
        /// Descendants still alive a second after SIGKILL (uninterruptible sleep).
        package var survivingDescendants: [String] = []
        /// The largest data size (`VmData`) seen while the child ran, sampled every 50 ms or less, or its peak resident
        /// size at exit if larger, when it had a `Limits.memory`.
        package var peakDataBytes: UInt64? = nil
    }

    /// Runs `executable` with `arguments`, standard input empty, and waits for it within `limits`.
    ///
    /// The child runs in its own process group, and a timeout or a flood stops the whole group: a shell script's
    /// own children cannot keep the gate waiting. (Foundation's `Process` is not used because it treats the child as
    /// running for as long as any descendant holds its inherited descriptors.)
    /// - Throws: `ChildProcessError` when it cannot be started, runs past the timeout or prints past the cap.
    /// `environment` adds to (or replaces in) this process's environment for the child; the files at `removing` are
    /// removed if this process is stopped by a signal while the child runs (the caller removes them otherwise).
    /// `guarded`: the child runs its engine under a `ChildGuardian`, so that when this process ends it is sent SIGHUP
    /// (on which the guardian stops every descendant) instead of SIGKILL.
    package static func run(_ executable: String, _ arguments: [String], limits: Limits = .standard,
                           environment: [String: String] = [:], removing files: [String] = [],
                           guarded: Bool = false) throws -> Output {
        // Descendants that leave the child's process group or session (setpgid, setsid, a double fork) are re-parented
        // here rather than to init, so that they can be found and stopped when the child ends.
        ProcessControl.becomeSubreaper()
        let before = Set(ProcessControl.children())
        // Spawning and registering are one step for the descendant sweep of other threads' children (below), which
        // must not take a child started here for an adopted one.
        ChildGroups.spawning.lock()
        var childEnvironment = environment
        if let memory = limits.memory { childEnvironment[EngineMemory.variable] = "\(memory)" }
        let spawned = Result { try spawn(executable, arguments, environment: childEnvironment) }
        let slot = (try? spawned.get()).flatMap { ChildGroups.register($0.0, files: files, guarded: guarded) }
        ChildGroups.spawning.unlock()
        let (pid, descriptors) = try spawned.get()
        defer {
            descriptors.forEach { close($0) }
            if let slot { ChildGroups.unregister(slot) }
        }
        var watch = Watch(pid: pid, descriptors: descriptors, limits: limits, existingChildren: before)
        watch.waitForExitAndOutput()
        ChildGroups.spawning.lock()
        let (stopped, survivors) = ProcessControl.stopAdoptedDescendants { before.contains($0) || ChildGroups.isRunning($0) }
        ChildGroups.spawning.unlock()
        let command = SafeText.quoted(([executable] + arguments).joined(separator: " "), limit: 200)
        let elapsed = (watch.exitedAt ?? monotonicSeconds()) - watch.started
        let leftBehind = Self.leftBehind(stopped: stopped, survivors: survivors)
        if watch.timedOut {
            throw ChildProcessError(message: "\(command) did not finish within \(formatSeconds(limits.timeout)) s and was "
                                 + "stopped (raise the limit with --timeout)" + leftBehind, reason: .timedOut,
                                    elapsed: elapsed, stoppedDescendants: stopped, survivingDescendants: survivors,
                                    peakDataBytes: watch.peakData)
        }
        if watch.flooded {
            throw ChildProcessError(message: "\(command) printed more than \(limits.outputLimit) bytes and was stopped"
                                    + leftBehind, reason: .flooded(limit: limits.outputLimit), elapsed: elapsed,
                                    stoppedDescendants: stopped, survivingDescendants: survivors, peakDataBytes: watch.peakData)
        }
        if watch.orphanedPipes {
            let held = Watch.outputGrace
            throw ChildProcessError(message: "\(command) exited (status \(watch.status)) after "
                                    + String(format: "%.1f", elapsed) + " s but left a process holding its output open "
                                    + "(stopped \(formatSeconds(held)) s later)" + leftBehind,
                                    reason: .outputHeldOpen(status: watch.status, after: held), elapsed: elapsed,
                                    stoppedDescendants: stopped, survivingDescendants: survivors, peakDataBytes: watch.peakData)
        }
        return Output(status: watch.status, standardOutput: String(decoding: watch.captured[0], as: UTF8.self),
                      standardError: String(decoding: watch.captured[1], as: UTF8.self), stoppedDescendants: stopped,
                      survivingDescendants: survivors, peakDataBytes: watch.peakData)
    }

    /// "; it left N process(es) running, stopped: …" and any that survived SIGKILL, or empty.
    package static func leftBehind(stopped: [String], survivors: [String]) -> String {
        (stopped.isEmpty ? "" : "; it left \(stopped.count) process(es) running, stopped: "
            + stopped.prefix(5).joined(separator: ", ") + (stopped.count > 5 ? ", …" : ""))
            + (survivors.isEmpty ? "" : "; still alive after SIGKILL (uninterruptible): " + survivors.joined(separator: ", "))
    }

    /// Starts the child in its own process group with standard input from /dev/null and standard output and error on
    /// two pipes; returns its pid and the pipes' read ends (the caller closes them).
    private static func spawn(_ executable: String, _ arguments: [String],
                              environment extra: [String: String]) throws -> (pid_t, [Int32]) {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
            throw ChildProcessError(message: "cannot run \(executable): \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: only the duplicates on 1 and 2 reach the child.
        for descriptor in outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        // Fixed hash seeds make the measured process's work, and so its instruction count, repeatable.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // A motionbench child (an engine's, a workload's) sets itself a death signal tied to this process.
        environment["MOTIONBENCH_PARENT_PID"] = "\(getpid())"
        environment.merge(extra) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw ChildProcessError(message: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return (pid, [outputPipe[0], errorPipe[0]])
    }

    /// A running child watched until it has exited and both pipes are closed: reads what it prints (up to the cap),
    /// and stops its process group on a timeout, a flood, or pipes left open after it exited.
    private struct Watch {
        let pid: pid_t
        let descriptors: [Int32]
        let limits: Limits
        let started = monotonicSeconds()
        var captured: [[UInt8]] = [[], []]
        var open = [true, true]
        var exitedAt: Double?
        var status: Int32 = 0
        var timedOut = false, flooded = false, orphanedPipes = false
        var stopRequestedAt: Double?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        /// The largest `VmData` sampled, or the peak resident size at exit if larger (with a memory limit only).
        var peakData: UInt64?
        /// This process's children before the child started (not adopted from it).
        let existingChildren: Set<pid_t>
        /// When the adopted descendants were last looked for.
        var lastAdoptionScan = 0.0
        /// Seconds the pipes may stay open after the child exited before what holds them is stopped.
        static let outputGrace = 5.0

        init(pid: pid_t, descriptors: [Int32], limits: Limits, existingChildren: Set<pid_t>) {
            self.pid = pid
            self.descriptors = descriptors
            self.limits = limits
            self.existingChildren = existingChildren
        }

        /// Once a second: records the processes re-parented here while the child runs (`ChildGroups.adopt`), so that
        /// being stopped by SIGTERM, SIGINT or SIGHUP, or exiting, stops them too.
        mutating func recordAdopted(_ now: Double) {
            guard now - lastAdoptionScan >= 1 else { return }
            lastAdoptionScan = now
            for child in ProcessControl.children() where child != pid && !existingChildren.contains(child) {
                ChildGroups.adopt(child)
            }
        }

        /// Polls until the child has exited and its pipes are closed (or it was stopped), then kills what is left of
        /// its process group.
        mutating func waitForExitAndOutput() {
            while open.contains(true) || exitedAt == nil {
                let now = monotonicSeconds()
                reapIfExited(now)
                if let exitedAt, open.contains(true), now - exitedAt > Self.outputGrace {
                    // The child is gone but something it started still holds its output open.
                    orphanedPipes = true
                    stop(SIGKILL)
                    break
                }
                enforceTimeout(now)
                recordAdopted(now)
                if limits.memory != nil, exitedAt == nil, let data = EngineMemory.dataBytes(ofTree: pid) {
                    peakData = max(peakData ?? 0, data)
                }
                if open.contains(true) { readReadyPipes() } else { usleep(10_000) }
            }
            if exitedAt == nil { waitpid(pid, nil, 0) }
            kill(-pid, SIGKILL)  // Anything left in the group.
        }

        /// Signals the child itself and its process group: a child that moved to another group (setpgid) is still
        /// reached by its pid. Once the child is reaped its pid may belong to another process, so only the group (which
        /// keeps its id while any member lives) is signalled then.
        private func stop(_ signal: Int32) {
            if exitedAt == nil { kill(pid, signal) }
            kill(-pid, signal)
        }

        private mutating func reapIfExited(_ now: Double) {
            guard exitedAt == nil else { return }
            var raw: Int32 = 0
            var usage = rusage()
            if wait4(pid, &raw, WNOHANG, &usage) == pid {
                exitedAt = now
                status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                // Its peak resident size (KiB): memory an engine wrote counts even when it grew between two samples.
                if limits.memory != nil { peakData = max(peakData ?? 0, UInt64(max(usage.ru_maxrss, 0)) << 10) }
            }
        }

        /// SIGTERM to the group past the timeout, SIGKILL 2 s later.
        private mutating func enforceTimeout(_ now: Double) {
            if exitedAt == nil, !timedOut, now - started > limits.timeout {
                timedOut = true
                stopRequestedAt = now
                stop(SIGTERM)
            }
            if let stopRequestedAt, now - stopRequestedAt > 2 { stop(SIGKILL) }
        }

        /// Waits up to 50 ms for output and keeps what fits under the cap; a flood kills the group.
        private mutating func readReadyPipes() {
            var polls = (0..<2).filter { open[$0] }.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            guard poll(&polls, nfds_t(polls.count), 50) > 0 else { return }
            for entry in polls where entry.revents != 0 {
                let index = entry.fd == descriptors[0] ? 0 : 1
                let count = read(entry.fd, &buffer, buffer.count)
                if count <= 0 {
                    if count == 0 || errno != EINTR { open[index] = false }
                    continue
                }
                let room = limits.outputLimit - captured[index].count
                captured[index].append(contentsOf: buffer[0..<min(count, max(room, 0))])
                if count > room, !flooded {
                    flooded = true
                    stop(SIGKILL)
                }
            }
        }
    }

    private static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}

/// A child process that could not be started, ran past its timeout, printed past its cap or left its output open
/// (bad setup: exit code 2 on the command line).
package struct ChildProcessError: MotionBenchError, CustomStringConvertible {
    /// Why the child was stopped (or never ran).
    package enum Reason: Sendable, Equatable {
        /// It could not be started.
        case notStarted
        /// It ran past the timeout.
        case timedOut
        /// It printed more than `limit` bytes on one stream.
        case flooded(limit: Int)
        /// It exited with `status` (128 + N for signal N), but a process it started still held its standard output or
        /// error open `after` seconds later (then that process group was killed).
        case outputHeldOpen(status: Int32, after: Double)
    }

    /// What happened, naming the command.
    package let message: String
    /// Why the child was stopped.
    package var reason: Reason
    /// Seconds from the start to the child's exit (or to when it was stopped).
    package var elapsed: Double

    /// Descendants it left running, stopped after it ended (see `ChildProcess.Output.stoppedDescendants`).
    package var stoppedDescendants: [String]
    /// Descendants still alive after SIGKILL.
    package var survivingDescendants: [String]
    /// The child's largest sampled data size, when it had a memory limit.
    package var peakDataBytes: UInt64?

    /// An error saying `message`.
    package init(message: String, reason: Reason = .notStarted, elapsed: Double = 0, stoppedDescendants: [String] = [],
                survivingDescendants: [String] = [], peakDataBytes: UInt64? = nil) {
        (self.message, self.reason, self.elapsed) = (message, reason, elapsed)
        (self.stoppedDescendants, self.survivingDescendants) = (stoppedDescendants, survivingDescendants)
        self.peakDataBytes = peakDataBytes
    }

    /// The message.
    package var description: String { message }
}

/// The process groups of the children running now, each with files to remove, for the handlers that stop them when
/// this process ends: at exit, and on SIGTERM, SIGINT and SIGHUP (each installed only where the signal's action is the
/// default, and raised again afterwards, so that this process still ends by it). The handlers only read fixed slots
/// and call kill and unlink.
enum ChildGroups {
    static let capacity = 256
    /// Process-group ids, 0 for a free slot.
    nonisolated(unsafe) static let groups: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    /// Per slot: NUL-terminated paths one after the other, ended by an empty one (or nil).
    nonisolated(unsafe) static let files: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    static let lock = NSLock()
    /// Held while a child is spawned and registered, and while adopted descendants are swept.
    static let spawning = NSLock()
    /// Processes re-parented to this process while a child ran (0 for a free slot), stopped with the groups.
    nonisolated(unsafe) static let adopted: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()

    /// Records `pid`, re-parented here, unless it is a registered child or already recorded (or every slot is taken).
    static func adopt(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        guard !(0..<capacity).contains(where: { groups[$0] == pid || adopted[$0] == pid }),
              let slot = (0..<capacity).first(where: { adopted[$0] == 0 }) else { return }
        adopted[slot] = pid
    }

    /// Forgets `pid` once it has been reaped (its pid may then be reused).
    static func forgetAdopted(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where adopted[slot] == pid { adopted[slot] = 0 }
    }
    nonisolated(unsafe) static var installed = false
    /// Per slot: whether the child is a `ChildGuardian`, stopped with SIGHUP so that it stops its descendants.
    nonisolated(unsafe) static let isGuarded: UnsafeMutablePointer<Bool> = {
        let slots = UnsafeMutablePointer<Bool>.allocate(capacity: capacity)
        slots.initialize(repeating: false, count: capacity)
        return slots
    }()

    /// Registers the running child `group` with `files`; nil when every slot is taken.
    static func register(_ group: pid_t, files paths: [String], guarded: Bool = false) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if !installed { install() }
        guard let slot = (0..<capacity).first(where: { groups[$0] == 0 }) else { return nil }
        if !paths.isEmpty {
            let bytes: [CChar] = paths.flatMap { Array($0.utf8CString) } + [0]
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            copy.initialize(from: bytes, count: bytes.count)
            files[slot] = copy
        }
        groups[slot] = group
        isGuarded[slot] = guarded
        return slot
    }

    /// Whether `pid` is a child registered now (the children `ChildProcess.run` watches, in this and other threads).
    static func isRunning(_ pid: pid_t) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return (0..<capacity).contains { groups[$0] == pid }
    }

    /// Frees `slot` once its child has ended.
    static func unregister(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        groups[slot] = 0
        let copy = files[slot]
        files[slot] = nil
        copy?.deallocate()
    }

    /// Kills every registered group and every adopted process, and removes the groups' files (async-signal-safe calls
    /// only).
    static func stopAll() {
        var slot = 0
        while slot < capacity {
            if adopted[slot] > 0 { kill(adopted[slot], SIGKILL) }
            slot += 1
        }
        slot = 0
        while slot < capacity {
            let group = groups[slot]
            if group > 0, isGuarded[slot] {
                // A guardian stops its worker and every descendant re-parented to it; SIGKILL would leave them to
                // this process, which is ending.
                kill(group, SIGHUP)
            } else if group > 0 {
                kill(group, SIGKILL)  // The child itself, in whatever group it moved to.
                kill(-group, SIGKILL)
            }
            if group > 0 {
                if var path = files[slot] {
                    while path.pointee != 0 {
                        unlink(path)
                        while path.pointee != 0 { path += 1 }
                        path += 1
                    }
                }
            }
            slot += 1
        }
    }

    private static func install() {
        installed = true
        atexit { ChildGroups.stopAll() }
        for number in [SIGTERM, SIGINT, SIGHUP] {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0,
                  unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0 else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                ChildGroups.stopAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }
}
