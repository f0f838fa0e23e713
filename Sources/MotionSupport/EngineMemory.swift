import Foundation
import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// The memory cap of the children that load an engine (`run --engine`, `accuracy --engine`, `baseline` and `gate
/// --engine`, and the gate's `_workload` timing runs): `RLIMIT_DATA`, the limit on a process's data (heap and private
/// writable mappings), set by the child on itself before it loads the library, so that an engine that allocates without
/// bound fails its own process, not the machine. The default leaves the machine room: half of physical memory or
/// 8 GiB, whichever is smaller.
public enum EngineMemory {
    /// The environment variable through which the parent passes the limit in bytes.
    public static let variable = "MOTIONBENCH_ENGINE_MEMORY"

    /// The default limit in MiB: half of physical memory or 8 GiB, whichever is smaller.
    public static var defaultMiB: Int {
        Int(min(ProcessInfo.processInfo.physicalMemory / 2, 8 << 30) >> 20)
    }

    /// The range `--engine-memory` accepts, in MiB.
    public static let range = 64...(1 << 22)

    /// `--engine-memory` checked: bytes, or `BadInput`-style text naming the option and its range.
    public static func bytes(mebibytes: Int, option: String) -> Result<UInt64, EngineMemoryError> {
        guard range.contains(mebibytes) else {
            return .failure(EngineMemoryError(message: "\(option) \(mebibytes) must be a whole number of MiB in "
                                              + "\(range.lowerBound)…\(range.upperBound)"))
        }
        return .success(UInt64(mebibytes) << 20)
    }

    /// In a child: sets `RLIMIT_DATA` to the limit the parent passed (and removes the variable, so that nothing this
    /// process starts inherits it); does nothing without one.
    public static func applyInChild() {
        guard let text = getenv(variable).map({ String(cString: $0) }), let bytes = UInt64(text), bytes > 0 else { return }
        unsetenv(variable)
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        _ = setrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
    }

    /// `VmData` of process `pid` and its children in bytes (`/proc/PID/status`; the children from
    /// `/proc/PID/task/PID/children`: an engine child's worker runs under its guardian, `ChildGuardian`), or nil when
    /// the process's cannot be read.
    static func dataBytes(ofTree pid: pid_t) -> UInt64? {
        guard let own = dataBytes(of: pid) else { return nil }
        let children = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return children.reduce(own) { $0 + (dataBytes(of: $1) ?? 0) }
    }

    /// `VmData` of process `pid` in bytes (`/proc/PID/status`), or nil when it cannot be read.
    static func dataBytes(of pid: pid_t) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmData:") }),
              let kilobytes = UInt64(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes << 10
    }

    /// "; it had reached N MiB of its M MiB memory limit (RLIMIT_DATA; raise it with OPTION MiB)" when the child's
    /// sampled data size reached 75% of `limit`, else empty: a failure near the limit is most likely the limit's. (The
    /// allocation that failed is not in the sample, and one allocation can be a fifth of the limit: an engine leaking
    /// 50 MB a frame under 256 MiB fails with 218 to 268 MB in use, depending on what the child held before.)
    public static func note(peak: UInt64?, limit: UInt64?, option: String = "--engine-memory") -> String {
        guard let peak, let limit, limit > 0, Double(peak) >= 0.75 * Double(limit) else { return "" }
        return "; it had reached \(peak >> 20) MiB of its \(limit >> 20) MiB memory limit (RLIMIT_DATA; raise it with "
            + "\(option) MiB)"
    }
}

/// A bad `--engine-memory` (exit code 2).
public struct EngineMemoryError: MotionBenchError, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
