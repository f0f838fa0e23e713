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

    /// What the file at `path` last recorded: the engine's name (nil before it was known), the call's name, the frame
    /// (0 when none) and its time.
    static func read(path: String) -> Beat? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 4096 else { return nil }
        let words = data.withUnsafeBytes { raw in (0..<5).map { raw.load(fromByteOffset: 8 * $0, as: Int64.self) } }
        guard let call = Call(rawValue: words[0]) else { return nil }
        let length = Int(data[64])
        let name = length > 0 ? String(decoding: data[65..<(65 + length)], as: UTF8.self) : nil
        return Beat(name: name, call: call.name, frame: Int(words[1]), time: Double(bitPattern: UInt64(bitPattern: words[2])),
                    layers: Int(words[3]), precision: words[4] == 4 ? "float32" : words[4] == 8 ? "float64" : nil)
    }

    /// What a heartbeat page says: the engine's name and, once created, its layers and precision (nil before), and
    /// the call and frame under way.
    struct Beat {
        let name: String?, call: String, frame: Int, time: Double
        let layers: Int, precision: String?
    }
}
