import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// An engine's easing read back at chosen inputs, through the engine's own C interface in a child process
/// (`motionbench _engine-easing`), for `motionbench accuracy --engine`: the engine is never loaded in the caller's
/// process, and a crash, a hang or a stray write costs only the probe, which names the call and the frame.
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
        /// The engine's descriptor name, version and precision ("float32" or "float64").
        public var name: String, version: String, precision: String
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
        let directory = FileManager.default.temporaryDirectory
        ChildFiles.sweepOnce()  // what a killed motionbench left behind
        let stem = "motionbench-easing-\(getpid())-\(UUID().uuidString)"
        let heartbeat = directory.appendingPathComponent(stem + ".heartbeat").path
        let inputsPath = directory.appendingPathComponent(stem + ".inputs").path
        defer {
            try? FileManager.default.removeItem(atPath: heartbeat)
            try? FileManager.default.removeItem(atPath: inputsPath)
        }
        do {
            try Data(inputsText(specs: specs, inputs: inputs).utf8).write(to: URL(fileURLWithPath: inputsPath))
        } catch {
            throw EngineError("engine \(request.label): cannot write the inputs file \(inputsPath): \(error)")
        }
        let values = inputs.reduce(0) { $0 + $1.count }
        let limit = max(1 << 24, 48 * values + 4096 * specs.count)
        let output: ChildProcess.Output
        do {
            output = try ChildProcess.run(request.executable,
                                          ["_engine-easing", request.path, "--inputs", inputsPath, "--heartbeat", heartbeat],
                                          limits: ChildProcess.Limits(timeout: request.timeout, outputLimit: limit,
                                                                      memory: request.memory),
                                          environment: ["SWIFT_BACKTRACE": "enable=no"], removing: [heartbeat, inputsPath],
                                          guarded: true)
        } catch {
            let name = EngineHeartbeat.read(path: heartbeat)?.name ?? request.label
            if let error = error as? ChildProcessError, error.reason == .timedOut {
                throw EngineError("engine \(name): did not finish within \(formatSpecNumber(request.timeout)) s and was stopped"
                                  + "\(EngineProcess.callAndFrame(heartbeat)) (raise the limit with --engine-timeout)"
                                  + (EngineProcess.leftBehind(stopped: error.stoppedDescendants,
                                                              survivors: error.survivingDescendants).map { "; it " + $0 } ?? ""))
            }
            throw EngineError("engine \(name): " + EngineProcess.stopped(error, heartbeat: heartbeat, timeout: request.timeout)
                              + EngineMemory.note(peak: (error as? ChildProcessError)?.peakDataBytes, limit: request.memory))
        }
        if let leftBehind = EngineProcess.leftBehind(output) {
            throw EngineError("engine \(EngineHeartbeat.read(path: heartbeat)?.name ?? request.label): \(leftBehind)")
        }
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: true)
        let name = EngineHeartbeat.read(path: heartbeat)?.name ?? request.label
        if output.status == 0, let answer = parse(lines, subjects: specs.count, inputs: inputs) {
            return answer
        }
        if let failed = lines.last(where: { $0.hasPrefix("failed\t") }) {
            throw EngineError(String(failed.dropFirst("failed\t".count)))
        }
        throw EngineError("engine \(name): " + EngineProcess.ended(output, heartbeat: heartbeat)
                          + EngineMemory.note(peak: output.peakDataBytes, limit: request.memory))
    }

    /// The inputs file: per subject a line `spec<TAB>TEXT` then a line `inputs<TAB>x x …` (shortest round-trip
    /// doubles).
    static func inputsText(specs: [String], inputs: [[Double]]) -> String {
        var text = ""
        for (spec, list) in zip(specs, inputs) {
            text += "spec\t\(spec)\ninputs\t" + list.map { "\($0)" }.joined(separator: " ") + "\n"
        }
        return text
    }

    /// The child's lines read back, or nil when they are not a complete answer of `subjects` subjects in shape.
    static func parse(_ lines: [Substring], subjects: Int, inputs: [[Double]]) -> Answer? {
        guard let head = lines.first(where: { $0.hasPrefix("engine\t") }) else { return nil }
        let fields = head.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        var answer = Answer(name: String(fields[1]), version: String(fields[2]), precision: String(fields[3]),
                            outputs: Array(repeating: nil, count: subjects), unsupported: [])
        var answered = Set<Int>()
        for line in lines {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let index = Int(parts[1]), index >= 0, index < subjects else { continue }
            switch parts[0] {
            case "ok":
                let values = parts[2].split(separator: " ").compactMap { Double(String($0)) }
                guard values.count == inputs[index].count else { return nil }
                answer.outputs[index] = values
                answered.insert(index)
            case "unsupported":
                answer.unsupported.append((index, String(parts[2])))
                answered.insert(index)
            case "ns":
                if answer.nsPerEval.isEmpty { answer.nsPerEval = Array(repeating: nil, count: subjects) }
                if let ns = Double(String(parts[2])), ns.isFinite, ns > 0 { answer.nsPerEval[index] = ns }
            default: continue
            }
        }
        if answer.nsPerEval.isEmpty { answer.nsPerEval = Array(repeating: nil, count: subjects) }
        return answered.count == subjects ? answer : nil
    }

    /// The child's side: reads the inputs file, loads the library, and prints `engine<TAB>NAME<TAB>VERSION<TAB>PRECISION`,
    /// then per subject `ok<TAB>INDEX<TAB>outputs…` (and `ns<TAB>INDEX<TAB>NS`, the timed pass's ns per frame call) or
    /// `unsupported<TAB>INDEX<TAB>MESSAGE`; on an engine failure a
    /// last line `failed<TAB>MESSAGE` (and false is returned).
    public static func child(path: String, inputsPath: String, heartbeatPath: String?,
                             print emit: (String) -> Void) -> Bool {
        let heartbeat = heartbeatPath.flatMap(EngineHeartbeat.init(path:))
        heartbeat?.recordFaults()
        let channel = ReportChannel()
        var label = URL(fileURLWithPath: path).lastPathComponent
        let scratch = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1)
        defer { scratch.deallocate() }
        do throws(EngineError) {
            let subjects = try readInputs(inputsPath)
            let library = try PluginLibrary(path: path) { stage in
                heartbeat?.record(stage)
                if case let .named(name) = stage { label = name }
            }
            library.willCallLastError = { heartbeat?.enter(.lastError) }
            channel.check(during: .dlopen, heartbeat)
            let descriptor = library.descriptor
            emit("engine\t\(oneLine(descriptor.name))\t\(oneLine(descriptor.version))\t\(descriptor.precision.rawValue)")
            heartbeat?.record(layers: 1, precisionBytes: descriptor.precision.bytes)
            for (index, subject) in subjects.enumerated() {
                guard descriptor.supportedKinds.contains(.basic) else {
                    emit("unsupported\t\(index)\tengine \(descriptor.name): does not evaluate basic layers (supported_kinds)")
                    continue
                }
                let layer = EngineLayer(outputOffset: 0, parameters: .basic(.init(
                    timing: .init(LayerTimingParameters(begin: 0, duration: 1), easing: subject.function), from: [0], to: [1])))
                heartbeat?.beat(.create)
                let engine: PluginEngine
                do {
                    engine = try PluginEngine(library: library, layers: EngineLayers([layer]))
                } catch {
                    emit("unsupported\t\(index)\t\(oneLine(error.message))")
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
                            throw EngineError("engine \(descriptor.name): \(subject.text) at input \(time) (frame \(frame), "
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
                heartbeat?.beat(.evaluateFrame, frame: frame + 1, time: subject.inputs[0])
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
                emit("ok\t\(index)\t" + outputs.map { "\($0)" }.joined(separator: " "))
                if count > 0 { emit("ns\t\(index)\t\(Double(elapsed) / Double(count))") }
            }
            return true
        } catch {
            emit("failed\t" + oneLine(error.message.hasPrefix("engine ") ? error.message : "engine \(label): \(error.message)"))
            return false
        }
    }

    /// One subject of the inputs file.
    struct Subject {
        let text: String
        let function: TimingFunction
        let inputs: [Double]
    }

    /// The subjects of the inputs file at `path`.
    static func readInputs(_ path: String) throws(EngineError) -> [Subject] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EngineError("_engine-easing: cannot read the inputs file \(path)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var subjects: [Subject] = []
        var index = 0
        while index + 1 < lines.count {
            let specLine = lines[index], inputLine = lines[index + 1]
            guard specLine.hasPrefix("spec\t"), inputLine.hasPrefix("inputs\t") else {
                throw EngineError("_engine-easing: \(path) line \(index + 1): expected 'spec' then 'inputs'")
            }
            let text = String(specLine.dropFirst(5))
            guard case .timingFunction(let function)? = try? MotionSpec(parsing: text) else {
                throw EngineError("_engine-easing: \(path) line \(index + 1): '\(SafeText.quoted(text))' is not a timing function")
            }
            var inputs: [Double] = []
            for field in inputLine.dropFirst(7).split(separator: " ") {
                guard let x = Double(String(field)), x >= 0, x <= 1 else {
                    throw EngineError("_engine-easing: \(path) line \(index + 2): '\(SafeText.quoted(String(field)))' is not an input in [0, 1]")
                }
                inputs.append(x)
            }
            subjects.append(Subject(text: text, function: function, inputs: inputs))
            index += 2
        }
        return subjects
    }

    /// `text` with tabs and line breaks turned into spaces (one field of one line).
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}

/// The greatest common divisor of two non-negative whole numbers.
private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
