import Foundation
import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// Linux process controls the child-process host needs: becoming the subreaper of this process's descendants (so that
/// a child's double-forked or `setsid` descendant is re-parented here, not to init), and finding, naming and stopping
/// the descendants re-parented here.
package enum ProcessControl {
    /// `prctl(PR_SET_CHILD_SUBREAPER, 1)` (once per process); false where the call is not available.
    @discardableResult
    package static func becomeSubreaper() -> Bool { subreaper }

    private static let subreaper: Bool = {
        #if os(Linux)
        // prctl is variadic in C, so Swift does not import it: it is called through its address with integer
        // arguments (PR_SET_CHILD_SUBREAPER is 36).
        guard let symbol = dlsym(nil, "prctl") else { return false }
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        return unsafeBitCast(symbol, to: Prctl.self)(36, 1, 0, 0, 0) == 0
        #else
        return false
        #endif
    }()

    /// `prctl(PR_SET_PDEATHSIG, signal)`: this process gets `signal` when the thread that started it ends.
    package static func setDeathSignal(_ signal: Int32) {
        #if os(Linux)
        // PR_SET_PDEATHSIG is 1.
        guard let symbol = dlsym(nil, "prctl") else { return }
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        _ = unsafeBitCast(symbol, to: Prctl.self)(1, UInt(signal), 0, 0, 0)
        #endif
    }

    /// A process as messages name it: its pid and command name (`/proc/PID/comm`).
    package static func describe(_ pid: pid_t) -> String {
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return "pid \(pid)" + (name.map { " (\(SafeText.quoted($0, limit: 32)))" } ?? "")
    }

    /// The pids whose parent is this process (`/proc/*/stat`'s fourth field), zombies included.
    package static func children() -> [pid_t] {
        let me = getpid()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != me,
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm)": state, then ppid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count >= 2, let parent = pid_t(fields[1]), parent == me else { return nil }
            return pid
        }
    }

    /// Stops (SIGKILL) and reaps every process re-parented here that `isOwn` does not claim (the children this process
    /// started and still watches), repeating while stopping one re-parents its own children here; returns the ones
    /// stopped, and those still alive a second after SIGKILL (in uninterruptible sleep), each as `describe` names it.
    package static func stopAdoptedDescendants(isOwn: (pid_t) -> Bool) -> (stopped: [String], survivors: [String]) {
        var stopped: [String] = [], pending: [pid_t: String] = [:]
        for _ in 0..<64 {
            let adopted = children().filter { !isOwn($0) && pending[$0] == nil }
            if adopted.isEmpty && pending.isEmpty { break }
            for pid in adopted {
                pending[pid] = describe(pid)
                kill(pid, SIGKILL)
            }
            // Reap what has ended; a zombie that was stopped earlier is named once.
            let deadline = Date().addingTimeInterval(1)
            while !pending.isEmpty, Date() < deadline {
                for (pid, name) in pending where waitpid(pid, nil, WNOHANG) == pid {
                    stopped.append(name)
                    pending[pid] = nil
                    ChildGroups.forgetAdopted(pid)
                }
                if !pending.isEmpty { usleep(5_000) }
            }
            if !pending.isEmpty, children().filter({ !isOwn($0) && pending[$0] == nil }).isEmpty { break }
        }
        return (stopped, pending.values.sorted())
    }
}

/// Files a motionbench process keeps in TMPDIR while its children run (heartbeat pages, inputs), named
/// `motionbench-KIND-PID-UUID…`: removed by their owner when a child ends or when it is stopped by a signal it can catch,
/// and, after a SIGKILL, by the next motionbench that starts a child, once their owner's pid is gone.
package enum ChildFiles {
    /// The kinds of file swept: an engine child's job and heartbeat files, `motionbench-job-…` (and the names builds
    /// before the one job used, `motionbench-heartbeat-…` and `motionbench-easing-…`).
    static let prefixes = ["motionbench-job-", "motionbench-heartbeat-", "motionbench-easing-"]

    /// Removes the files in `directory` (TMPDIR by default) whose owner (the pid in the name) is no longer running;
    /// returns how many were removed. Once per process is enough.
    @discardableResult
    package static func sweepOrphans(in directory: URL = FileManager.default.temporaryDirectory) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names {
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }),
                  let owner = pid_t(name.dropFirst(prefix.count).prefix { $0.isNumber }), owner > 0,
                  owner != getpid(), kill(owner, 0) != 0, errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// `sweepOrphans()` once per process.
    package static func sweepOnce() { _ = swept }

    private static let swept: Int = sweepOrphans()
}
