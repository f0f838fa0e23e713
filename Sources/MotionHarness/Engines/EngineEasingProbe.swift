import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// An engine's easing read back at chosen inputs, through the engine's own C interface in a child process
/// (`motionbench _engine --job FILE` with an easing request), for `motionbench accuracy --engine`: the engine is never
/// loaded in the caller's process, and a crash, a hang or a stray write costs only the probe, which names the call and
/// the frame.
///
/// How an input x becomes exactly the engine's progress: per timing function the child creates the engine with ONE
/// `basic` scalar layer from 0 to 1, begin 0 s, duration 1 s, played once, and evaluates one frame at time x for each
/// input x in increasing order. The engine's own (time − begin) / duration is then (x − 0) / 1 = x exactly for every
/// double x in [0, 1] (no rounding of the inputs is needed), and its output from + (to − from) × eased is
/// 0 + 1 × eased = the eased progress exactly (in float32 or float64, whichever the engine declares; read back as it
/// wrote it). At x = 1 the layer is at its active end and holds easing(1).
public enum EngineEasingProbe {
    /// What the parent needs to start the child.
    public struct Request: Sendable {
        /// The engine library's path.
        public var path: String
        /// The motionbench executable to run as the child.
        public var executable: String
        /// Seconds one child (one round of inputs) may take before it is stopped.
        public var timeout: Double
        /// The child's data limit in bytes (`EngineMemory`), or nil for none.
        public var memory: UInt64? = UInt64(EngineMemory.defaultMiB) << 20

        /// A request for the engine at `path`.
        public init(path: String, executable: String, timeout: Double) {
            (self.path, self.executable, self.timeout) = (path, executable, timeout)
        }

        /// The library's file name, shown until the engine has named itself.
        public var label: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    /// One child's answer.
    public struct Answer: Sendable {
        /// The engine's descriptor name and version.
        public var name: String, version: String
        /// The engine's declared precision.
        public var precision: EnginePrecision
        /// Per subject, in the order asked: the engine's outputs at the inputs asked (same order), or nil when the
        /// engine rejected the subject's layer.
        public var outputs: [[Double]?]
        /// Per rejected subject: its index and the engine's message.
        public var unsupported: [(index: Int, message: String)]
        /// Per subject: ns per `evaluate_frame` call of one basic layer, from a second pass over the same inputs in a
        /// scrambled order (no heartbeat or output check inside it), or nil where it was not timed.
        public var nsPerEval: [Double?] = []
    }

    /// The engine's eased outputs for each of `specs` (timing-function spec text MotionSpec parses back exactly) at
    /// `inputs` (one list per spec, each input in [0, 1]), from one child process.
    /// - Throws: `EngineError` naming the engine and, for a crash or a hang, the call and the frame (from the heartbeat
    ///   page); a create failure is not an error but the subject's `unsupported` entry.
    public static func evaluate(_ request: Request, specs: [String], inputs: [[Double]]) throws(EngineError) -> Answer {
        var session = EngineChildSession(executable: request.executable, library: request.path, timeout: request.timeout)
        session.memory = request.memory
        let values = inputs.reduce(0) { $0 + $1.count }
        session.outputLimit = max(1 << 24, 48 * values + 4096 * specs.count)
        let reply: EngineEasingReply
        do {
            reply = try session.run(.easing(zip(specs, inputs).map { EngineEasingSubject(spec: $0, inputs: $1) }),
                                    replying: EngineEasingReply.self)
        } catch {
            throw EngineError(error.message)
        }
        if let failure = reply.failure { throw EngineError(failure) }
        guard let answer = reply.answer(inputs: inputs) else {
            let line = String(decoding: (try? JSONEncoder().encode(reply)) ?? Data(), as: UTF8.self)
            throw EngineError("engine \(reply.engine?.name ?? request.label): "
                              + EngineChildSession.malformed(reply: line))
        }
        return answer
    }

    /// The child's side, once the library is loaded: evaluates every subject (a first pass in increasing input order
    /// whose outputs are checked, then a timed pass in a scrambled order), and returns the reply, whose `failure`
    /// names the engine when one ended the probe.
    static func child(_ library: PluginLibrary, subjects: [EngineEasingSubject], heartbeat: EngineHeartbeat?,
                      channel: ReportChannel) -> EngineEasingReply {
        var reply = EngineEasingReply()
        let scratch = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1)
        defer { scratch.deallocate() }
        let descriptor = library.descriptor
        do throws(EngineError) {
            let functions = try EngineEasingSubject.parse(subjects)
            reply.engine = .init(name: descriptor.name, version: descriptor.version, precision: descriptor.precision)
            heartbeat?.record(layers: 1, precisionBytes: descriptor.precision.bytes)
            for (subject, function) in zip(subjects, functions) {
                guard descriptor.supportedKinds.contains(.basic) else {
                    reply.subjects.append(.init(unsupported: "engine \(descriptor.name): does not evaluate basic layers "
                                                + "(supported_kinds)"))
                    continue
                }
                let layer = EngineLayer(outputOffset: 0, parameters: .basic(.init(
                    timing: .init(LayerTimingParameters(begin: 0, duration: 1), easing: function), from: [0], to: [1])))
                heartbeat?.beat(.create)
                let engine: PluginEngine
                do {
                    engine = try PluginEngine(library: library, layers: EngineLayers([layer]))
                } catch {
                    reply.subjects.append(.init(unsupported: error.message))
                    continue
                }
                var outputs = [Double](repeating: 0, count: subject.inputs.count)
                let order = subject.inputs.indices.sorted { subject.inputs[$0] < subject.inputs[$1] }
                var frame = 0, previous: Double? = nil, value = 0.0
                for position in order {
                    let time = subject.inputs[position]
                    if time != previous {
                        frame += 1
                        heartbeat?.beat(.evaluateFrame, frame: frame, time: time)
                        try engine.evaluateFrame(time: time, chunk: 0, of: 1)
                        heartbeat?.beat(.checkOutputs, frame: frame, time: time)
                        try engine.checkFrame(chunks: 1, time: time)
                        engine.outputs(layer: 0, into: scratch)
                        value = scratch[0]
                        guard value.isFinite else {
                            throw EngineError("engine \(descriptor.name): \(subject.spec) at input \(time) (frame \(frame), "
                                              + "t = \(time) s) returned \(value)")
                        }
                        previous = time
                    }
                    outputs[position] = value
                }
                // The timed pass: the same inputs in a scrambled order (a fixed stride through them, so that no
                // two neighbours in time follow each other), only the frame calls inside the clock.
                let count = subject.inputs.count
                var stride = max(1, Int(Double(count) * 0.6180339887))
                while count > 1, gcd(stride, count) != 1 { stride += 1 }
                if count > 0 { heartbeat?.beat(.evaluateFrame, frame: frame + 1, time: subject.inputs[0]) }
                let start = DispatchTime.now().uptimeNanoseconds
                var position = 0
                for _ in 0..<count {
                    try engine.evaluateFrame(time: subject.inputs[position], chunk: 0, of: 1)
                    position = (position + stride) % count
                }
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                heartbeat?.beat(.destroy)
                engine.destroy()
                channel.check(during: .destroy, heartbeat)
                reply.subjects.append(.init(outputs: outputs,
                                            nsPerEval: count > 0 ? Double(elapsed) / Double(count) : nil))
            }
        } catch {
            reply.failure = EngineChildHost.named(error.message, descriptor.name)
        }
        return reply
    }

}

/// The greatest common divisor of two non-negative whole numbers.
private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
