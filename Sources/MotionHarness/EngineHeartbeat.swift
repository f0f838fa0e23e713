import Foundation

/// Where an engine in a child process is: a page of a file shared with the parent through `mmap`, holding the call
/// under way and the frame, written before each call (three stores, no system call). When the child dies or hangs the
/// parent reads it to name the call and the frame.
final class EngineHeartbeat: @unchecked Sendable {
    /// The calls an engine receives.
    enum Call: Int64, CaseIterable {
        case loading = 1, create, evaluateFrame, checkOutputs, reset, destroy

        /// The call's name in messages (the C interface's names).
        var name: String {
            switch self {
            case .loading: "dlopen/motionbench_engine_entry"
            case .create: "create"
            case .evaluateFrame: "evaluate_frame"
            case .checkOutputs: "reading the outputs"
            case .reset: "reset"
            case .destroy: "destroy"
            }
        }
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

    /// What the file at `path` last recorded: the call's name, the frame (0 when none) and its time.
    static func read(path: String) -> (call: String, frame: Int, time: Double)? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 24 else { return nil }
        let words = data.withUnsafeBytes { raw in (0..<3).map { raw.load(fromByteOffset: 8 * $0, as: Int64.self) } }
        guard let call = Call(rawValue: words[0]) else { return nil }
        return (call.name, Int(words[1]), Double(bitPattern: UInt64(bitPattern: words[2])))
    }
}
