import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// The child's side of every engine child process (`_engine --job FILE`, `_workload NAME --job FILE`): it ties itself
/// to its parent, takes its memory limit and, for a guarded job, forks the worker that runs the engine under a
/// `ChildGuardian`; maps the heartbeat page, loads the library recording each step, does what the job asks, and prints
/// one line of JSON, the reply. Every failure after the job is read is the reply's, naming the engine.
package enum EngineChildHost {
    /// A step of the gate's workload that the heartbeat page records, so that a crash names it.
    package enum Stage {
        /// The engine is being created on the workload's layers.
        case create
        /// Frames are being evaluated.
        case evaluateFrame
    }

    /// Runs the gate's engine workload on the loaded library: what `_workload` supplies, since the measured region
    /// lives with the gate. It reports each stage before it starts it.
    package typealias WorkloadRunner = @Sendable (EngineWorkloadRequest, PluginLibrary, (Stage) -> Void) throws -> EngineWorkloadReply

    /// Serves `job` in this process and returns the reply as one line of JSON (sorted keys). Call it first thing in
    /// the child: with a guarded job the engine runs in a forked worker, and only that worker returns here.
    /// `workload` runs a `.workload` request.
    package static func serve(_ job: EngineJob, workload: WorkloadRunner) -> String {
        start(guarded: job.request.isGuarded)
        let heartbeat = job.heartbeat.flatMap(EngineHeartbeat.init(path:))
        heartbeat?.recordFaults()
        let channel = ReportChannel()
        var knownName: String?
        let loaded = Result { () throws(EngineError) -> PluginLibrary in
            let library = try PluginLibrary(path: job.library) { stage in
                heartbeat?.record(stage)
                if case let .named(name) = stage { knownName = name }
            }
            library.willCallLastError = { heartbeat?.enter(.lastError) }
            channel.check(during: .dlopen, heartbeat)
            return library
        }
        let engineName = knownName ?? URL(fileURLWithPath: job.library).lastPathComponent
        switch job.request {
        case .frames(let request):
            var row: EngineRow
            do {
                row = EngineProcess.child(try loaded.get(), path: job.library, options: try request.options(),
                                          count: request.layers, heartbeat: heartbeat, channel: channel)
            } catch {
                row = EngineRow(name: engineName, role: .plugIn)
                row.path = job.library
                row.failure = (error as? EngineError)?.message ?? "\(error)"
            }
            return line(row)
        case .easing(let subjects):
            var reply = EngineEasingReply()
            do {
                reply = EngineEasingProbe.child(try loaded.get(), subjects: subjects, heartbeat: heartbeat, channel: channel)
            } catch {
                reply.failure = named(error.message, engineName)
            }
            return line(reply)
        case .workload(let request):
            do {
                let library = try loaded.get()
                var reply = try workload(request, library) { stage in
                    switch stage {
                    case .create: heartbeat?.beat(.create)
                    case .evaluateFrame: heartbeat?.beat(.evaluateFrame)
                    }
                }
                channel.check(during: .evaluateFrame, heartbeat)
                reply.workload = request.name
                return line(reply)
            } catch {
                let message = (error as? EngineError)?.message ?? "\(error)"
                return line(EngineWorkloadReply(workload: request.name, failure: named(message, engineName)))
            }
        }
    }

    /// Called first by every motionbench child that may load an engine (`_engine`, `_workload`): ties the child to
    /// its parent with a death signal (see `EngineChild.tieToParent`) and sets its memory limit. With `guarded` the
    /// engine then runs in a forked worker under a `ChildGuardian` (the parent passes `guarded: true` to
    /// `ChildProcess.run`), so that its descendants die with motionbench even when motionbench is killed with SIGKILL.
    package static func start(guarded: Bool) {
        EngineChild.tieToParent()
        EngineMemory.applyInChild()
        if guarded { ChildGuardian.forkWorker() }
    }

    /// `message`, starting "engine NAME: " unless it already names the engine or the child.
    static func named(_ message: String, _ name: String) -> String {
        message.hasPrefix("engine ") || message.hasPrefix("_engine") || message.hasPrefix("--job") ? message
            : "engine \(name): \(message)"
    }

    /// `reply` as one line of JSON with sorted keys.
    static func line(_ reply: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every reply holds strings, whole numbers and finite numbers (or nil): encoding cannot fail, and if it did
        // the parent would report the empty line as a malformed reply.
        return String(decoding: (try? encoder.encode(reply)) ?? Data(), as: UTF8.self)
    }
}

/// The child's standard output and error as it started (device and inode of each): an engine that closes or replaces
/// them takes away the channel its reply is reported on, which the child notices after each call and records.
struct ReportChannel {
    private let identities: [[UInt64]?]

    init() { identities = [1, 2].map(Self.identity) }

    private static func identity(_ descriptor: Int32) -> [UInt64]? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino)] : nil
    }

    /// Records which streams changed during `call` and exits with status 3 when any did.
    func check(during call: EngineHeartbeat.Call, _ heartbeat: EngineHeartbeat?) {
        var lost: EngineHeartbeat.Streams = []
        for (stream, (descriptor, identity)) in zip([EngineHeartbeat.Streams.output, .error], zip([Int32(1), 2], identities))
        where Self.identity(descriptor) != identity {
            lost.insert(stream)
        }
        guard !lost.isEmpty else { return }
        heartbeat?.record(lostStreams: lost, during: call)
        exit(3)
    }
}
