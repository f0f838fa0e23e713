import MotionCore
import MotionSupport

/// The child-process limits of `baseline` and `gate` from their options, checked.
package enum GateChildLimits {
    /// Limits for `command`'s children: `timeout` seconds (in 1…86400) before a child is stopped, and `memory` bytes
    /// of data (the cap of every child that loads an engine or runs a workload; nil for none: the valgrind runs that
    /// count instructions go without it).
    /// - Throws: `GateInputError` naming `--timeout` and its range.
    package static func checked(timeout: Double, command: String, memory: UInt64? = nil) throws(GateInputError)
        -> ChildProcess.Limits {
        do {
            try OptionRange.check([OptionRange("\(command): --timeout", timeout, in: 1...86_400, .seconds)])
        } catch {
            throw GateInputError(message: error.message)
        }
        return ChildProcess.Limits(timeout: timeout, memory: memory)
    }
}
