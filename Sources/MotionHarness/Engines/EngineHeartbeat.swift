import Foundation
import MotionEngine

/// Where an engine in a child process is: a page of a file shared with the parent through `mmap`, holding the call
/// under way and the frame, written before each call (three stores, no system call). When the child dies or hangs the
/// parent reads it to name the call and the frame. The page also holds the engine's name once known, the signal and
/// faulting address of a crash (written by a signal handler), the output buffer's guard page, and whether the engine
/// closed the child's standard output or error.
final class EngineHeartbeat: @unchecked Sendable {
    /// The calls an engine receives, loading split into its steps.
    enum Call: Int64, CaseIterable {
        case dlopen = 1, entry, descriptor, create, evaluateFrame, checkOutputs, reset, destroy, lastError

        /// The call's name in messages (the C interface's names).
        var name: String {
            switch self {
            case .dlopen: "dlopen"
            case .entry: "motionbench_engine_entry"
            case .descriptor: "reading the descriptor motionbench_engine_entry returned"
            case .create: "create"
            case .evaluateFrame: "evaluate_frame"
            case .checkOutputs: "reading the outputs"
            case .reset: "reset"
            case .destroy: "destroy"
            case .lastError: "last_error"
            }
        }

        /// The loading step `stage` of `PluginLibrary`.
        init?(_ stage: PluginLibrary.Stage) {
            switch stage {
            case .dlopen: self = .dlopen
            case .entry: self = .entry
            case .descriptor: self = .descriptor
            case .named: return nil
            }
        }
    }

    /// Word indices of the page's later fields (after the name, which takes bytes 64…319).
    enum Word {
        static let faultSignal = 64, faultAddress = 65, guardStart = 66, guardEnd = 67, lostChannel = 68, lostStreams = 69
    }

    private let words: UnsafeMutablePointer<Int64>

    /// Maps `path` (created and sized to a page); nil when it cannot be mapped.
    init?(path: String) {
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard ftruncate(descriptor, 4096) == 0,
              let mapped = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        words = mapped.bindMemory(to: Int64.self, capacity: 512)
    }

    /// Records that `call` is under way at frame `frame` (0: none) and time `time` seconds.
    @inline(__always)
    func beat(_ call: Call, frame: Int = 0, time: Double = 0) {
        words[1] = Int64(frame)
        words[2] = Int64(bitPattern: time.bitPattern)
        words[0] = call.rawValue
    }

    /// Records that `call` is under way, keeping the frame and time of the call before it (`last_error` after a failed
    /// frame).
    func enter(_ call: Call) { words[0] = call.rawValue }

    /// Records the layers the engine was given and its precision's bytes per value (words 3 and 4).
    func record(layers: Int, precisionBytes: Int) {
        words[3] = Int64(layers)
        words[4] = Int64(precisionBytes)
    }

    /// Records the engine's name (at most 255 bytes of UTF-8, from byte 64 of the page).
    func record(name: String) {
        let bytes = Array(name.utf8.prefix(255))
        let raw = UnsafeMutableRawPointer(words) + 64
        raw.storeBytes(of: UInt8(bytes.count), as: UInt8.self)
        for (index, byte) in bytes.enumerated() { raw.storeBytes(of: byte, toByteOffset: 1 + index, as: UInt8.self) }
    }

    /// Records the addresses of the output buffer's guard page (a fault inside it is a write past the buffer).
    func record(guardPages: Range<UInt>) {
        words[Word.guardStart] = Int64(bitPattern: UInt64(guardPages.lowerBound))
        words[Word.guardEnd] = Int64(bitPattern: UInt64(guardPages.upperBound))
    }

    /// The child's standard streams an engine closed or replaced.
    struct Streams: OptionSet {
        let rawValue: Int
        /// Standard output (file descriptor 1).
        static let output = Streams(rawValue: 1)
        /// Standard error (file descriptor 2).
        static let error = Streams(rawValue: 2)

        /// The streams in words: "standard output", "standard error", or both joined by "and".
        var names: String {
            [(Streams.output, "standard output"), (.error, "standard error")].filter { contains($0.0) }.map(\.1)
                .joined(separator: " and ")
        }
    }

    /// Records that the engine closed (or replaced) the child's standard `streams` during `call`.
    func record(lostStreams: Streams, during call: Call) {
        words[Word.lostStreams] = Int64(lostStreams.rawValue)
        words[Word.lostChannel] = call.rawValue
    }

    /// From now on a SIGSEGV or SIGBUS records its signal and faulting address here before it ends the process.
    func recordFaults() { EngineChild.recordFaults(into: words + Word.faultSignal) }

    /// The loading step `stage` reported by `PluginLibrary`: the call, or the engine's name once it is known.
    func record(_ stage: PluginLibrary.Stage) {
        if case let .named(name) = stage { record(name: name) } else if let call = Call(stage) { beat(call) }
    }

    /// What the file at `path` last recorded: the engine's name (nil before it was known), the call's name, the frame
    /// (0 when none) and its time.
    static func read(path: String) -> Beat? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 4096 else { return nil }
        let words = data.withUnsafeBytes { raw in (0..<(Word.lostStreams + 1)).map { raw.load(fromByteOffset: 8 * $0, as: Int64.self) } }
        guard let call = Call(rawValue: words[0]) else { return nil }
        let length = Int(data[64])
        let name = length > 0 ? String(decoding: data[65..<(65 + length)], as: UTF8.self) : nil
        let unsigned = { (index: Int) in UInt(UInt64(bitPattern: words[index])) }
        return Beat(name: name, call: call.name, frame: Int(words[1]), time: Double(bitPattern: UInt64(bitPattern: words[2])),
                    layers: Int(words[3]), precision: EnginePrecision.allCases.first { Int64($0.bytes) == words[4] },
                    faultSignal: Int32(truncatingIfNeeded: words[Word.faultSignal]),
                    faultAddress: unsigned(Word.faultAddress),
                    guardPages: unsigned(Word.guardStart) < unsigned(Word.guardEnd)
                        ? unsigned(Word.guardStart)..<unsigned(Word.guardEnd) : nil,
                    lostStreams: Streams(rawValue: Int(truncatingIfNeeded: words[Word.lostStreams])), lostDuring: Call(rawValue: words[Word.lostChannel])?.name)
    }

    /// What a heartbeat page says: the engine's name and, once created, its layers and precision (nil before), the
    /// call and frame under way, a crash's signal (0: none recorded) and faulting address, the output buffer's guard
    /// page, and the standard streams the engine closed and in which call.
    struct Beat {
        let name: String?, call: String, frame: Int, time: Double
        let layers: Int, precision: EnginePrecision?
        let faultSignal: Int32, faultAddress: UInt, guardPages: Range<UInt>?
        let lostStreams: Streams, lostDuring: String?

        /// Whether the recorded fault is a SIGSEGV or SIGBUS at an address inside the output buffer's guard page.
        var faultedOnGuardPage: Bool {
            (faultSignal == SIGSEGV || faultSignal == SIGBUS) && guardPages?.contains(faultAddress) == true
        }
    }
}
