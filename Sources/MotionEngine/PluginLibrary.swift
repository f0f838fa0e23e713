import CMotionBenchEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C engine library opened with `dlopen`: its `motionbench_engine_entry` descriptor, checked (ABI version and
/// precision first, read as the descriptor's first two 32-bit words before anything else in it, then the functions
/// present, a name, a kind), and read into an `EngineDescriptor`. MotionBench opens one only in a child process
/// (`EngineProcess`, `EngineEasingProbe`, a gate workload's process): a library's code runs from `dlopen` on.
public final class PluginLibrary: @unchecked Sendable {
    /// Called just before MotionBench calls the engine's `last_error` (after a failed `create`, `evaluate_frame` or
    /// `reset`), so that a child's heartbeat can name `last_error` if it crashes there.
    public var willCallLastError: (() -> Void)?

    /// The path it was loaded from.
    public let path: String
    /// The engine's descriptor as the library returned it.
    let entry: UnsafePointer<motionbench_engine_descriptor>
    /// What the library declares.
    public let descriptor: EngineDescriptor
    private let handle: UnsafeMutableRawPointer

    /// The ABI version this MotionBench speaks (`MOTIONBENCH_ENGINE_ABI_VERSION`).
    public static let abiVersion = UInt32(MOTIONBENCH_ENGINE_ABI_VERSION)

    /// A step of loading, reported before it runs (so that a crash in it can be named), and the engine's name once
    /// it is read and checked.
    public enum Stage: Sendable, Equatable {
        case dlopen, entry, descriptor
        case named(String)
    }

    /// Opens the library at `path` and reads its descriptor; throws naming the path (the engine's name once known) and
    /// what is wrong. `progress` hears each step before it runs.
    public init(path: String, progress: (Stage) -> Void = { _ in }) throws(EngineError) {
        self.path = path
        progress(.dlopen)
        // A bare file name is a file here, not a library for dlopen to search the system's paths for.
        guard let handle = dlopen(path.contains("/") ? path : "./" + path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw EngineError("engine \(path): cannot be loaded: \(reason)")
        }
        guard let symbol = dlsym(handle, "motionbench_engine_entry") else {
            dlclose(handle)
            throw EngineError("engine \(path): exports no motionbench_engine_entry (see Sources/CMotionBenchEngine/include/motionbench_engine.h)")
        }
        let function = unsafeBitCast(symbol, to: motionbench_engine_entry_function.self)
        progress(.entry)
        guard let entry = function() else {
            dlclose(handle)
            throw EngineError("engine \(path): motionbench_engine_entry returned NULL")
        }
        do {
            progress(.descriptor)
            descriptor = try Self.read(entry, path: path) { progress(.named($0)) }
        } catch {
            dlclose(handle)
            throw error
        }
        (self.handle, self.entry) = (handle, entry)
    }

    deinit { dlclose(handle) }

    /// Checks a descriptor and reads it: the ABI version and the precision first, as the first two 32-bit words and
    /// nothing else (a descriptor built against another layout, such as a 64-bit `abi_version`, is refused before any
    /// pointer in it is followed), then the functions and the name (`named` hears it), then the kinds.
    static func read(_ entry: UnsafePointer<motionbench_engine_descriptor>, path: String,
                     named: (String) -> Void = { _ in }) throws(EngineError) -> EngineDescriptor {
        let head = UnsafeRawPointer(entry)
        let abi = head.load(as: UInt32.self), precisionCode = head.load(fromByteOffset: 4, as: UInt32.self)
        guard abi == abiVersion else {
            throw EngineError("engine \(path): ABI version \(abi), but this motionbench speaks version \(abiVersion) "
                              + "(rebuild the engine against its motionbench_engine.h)")
        }
        let precision: EnginePrecision
        switch precisionCode {
        case UInt32(MOTIONBENCH_PRECISION_FLOAT32.rawValue): precision = .float32
        case UInt32(MOTIONBENCH_PRECISION_FLOAT64.rawValue): precision = .float64
        default:
            throw EngineError("engine \(path): the descriptor's first two 32-bit fields read abi_version \(abi), "
                              + "precision \(precisionCode): precision must be float32 (1) or float64 (2), and abi_version must "
                              + "be a uint32_t followed by a uint32_t precision, as motionbench_engine.h declares them (a "
                              + "64-bit abi_version reads as precision 0; rebuild the engine against the header)")
        }
        let raw = entry.pointee
        guard raw.create != nil, raw.evaluate_frame != nil, raw.destroy != nil, raw.last_error != nil else {
            throw EngineError("engine \(path): the descriptor lacks create, evaluate_frame, destroy or last_error")
        }
        let rule = "1 to 64 characters of UTF-8, none a control character (below U+0020, or U+007F)"
        guard let namePointer = raw.name else { throw EngineError("engine \(path): the descriptor's name is NULL; it must be \(rule)") }
        guard let name = String(validatingCString: namePointer) else {
            let bytes = UnsafeRawPointer(namePointer).assumingMemoryBound(to: UInt8.self)
            let hex = Array("0123456789abcdef")
            let shown = (0..<min(strlen(namePointer), 16)).map { String([hex[Int(bytes[$0] >> 4)], hex[Int(bytes[$0] & 15)]]) }
                .joined(separator: " ")
            throw EngineError("engine \(path): the descriptor's name is not valid UTF-8 (bytes \(shown)); it must be \(rule)")
        }
        guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw EngineError("engine \(path): the descriptor's name must be \(rule)")
        }
        named(name)
        let kinds = EngineLayerKind.kinds(inMask: raw.supported_kinds)
        guard !kinds.isEmpty else { throw EngineError("engine \(name): supported_kinds names no kind") }
        let version = raw.version.map { String(cString: $0) } ?? ""
        return EngineDescriptor(name: name, version: String(version.prefix(64)), precision: precision, supportedKinds: kinds,
                                concurrentChunks: raw.flags & UInt32(MOTIONBENCH_ENGINE_CONCURRENT_CHUNKS) != 0)
    }

    /// A factory that creates this library's engine for a set of layers.
    public var factory: EngineFactory {
        EngineFactory(label: descriptor.name, supportedKinds: descriptor.supportedKinds) { layers throws(EngineError) in
            try PluginEngine(library: self, layers: layers)
        }
    }
}
