import Foundation
import MotionCore
import MotionSupport

/// One job for an engine's child process, the only thing the parent tells it: the engine library, the heartbeat file,
/// and what to do with the engine. Every engine child (`_engine --job FILE` for `run`'s frames and `accuracy`'s
/// easing, `_workload NAME --job FILE` for the gate's engine workloads) reads one, written as JSON by the parent's
/// `EngineChildSession`; every value in it is resolved (the scenario's text, the clock's times), so that the child
/// reads no other file. JSON keeps every double exactly (shortest round trip).
package struct EngineJob: Codable, Sendable, Equatable {
    /// What the child does with the engine.
    package enum Request: Codable, Sendable, Equatable {
        /// Measure the engine's frames on a workload and reply with its row (`EngineRow`): `run --engine`, and the
        /// gate's check of an engine.
        case frames(EngineFramesRequest)
        /// Read the engine's easing back at chosen inputs and reply with `EngineEasingReply`: `accuracy --engine`.
        case easing([EngineEasingSubject])
        /// Run the gate's engine workload (its measured region) and reply with `EngineWorkloadReply`.
        case workload(EngineWorkloadRequest)

        /// The child's name in messages: `_engine` or `_workload`.
        package var command: String {
            if case .workload = self { return "_workload" }
            return "_engine"
        }

        /// Whether the child runs the engine under a `ChildGuardian`: always for `_engine`; for the gate's workload as
        /// its request says (its timing runs, not its instruction counts).
        package var isGuarded: Bool {
            if case .workload(let request) = self { return request.guarded }
            return true
        }
    }

    /// The engine library's path.
    package var library: String
    /// The heartbeat file (`EngineHeartbeat`) the child records its calls in, or nil for none.
    package var heartbeat: String?
    /// What to do.
    package var request: Request

    /// A job for the engine at `library`.
    package init(library: String, heartbeat: String? = nil, request: Request) {
        (self.library, self.heartbeat, self.request) = (library, heartbeat, request)
    }

    /// Writes the job to `path` as JSON.
    /// - Throws: `EngineJobError` naming the file when it cannot be written.
    package func write(to path: String) throws(EngineJobError) {
        do {
            try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path))
        } catch {
            throw EngineJobError(message: "cannot write the job file \(path): \(error.localizedDescription)")
        }
    }

    /// The job in the file at `path`.
    /// - Throws: `EngineJobError` naming `--job` and the file when it cannot be read or is not a job.
    package static func read(path: String) throws(EngineJobError) -> EngineJob {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EngineJobError(message: "--job: cannot read the job file \(path)")
        }
        do {
            return try JSONDecoder().decode(EngineJob.self, from: data)
        } catch {
            throw EngineJobError(message: "--job: \(path) is not an engine job (\(error))")
        }
    }
}

/// A job file that cannot be written, read or decoded, or whose values are out of range (exit 2).
package struct EngineJobError: MotionBenchError, CustomStringConvertible {
    /// What was wrong.
    package let message: String
    /// The message.
    package var description: String { message }
}
