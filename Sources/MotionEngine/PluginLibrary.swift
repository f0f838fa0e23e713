import CMotionBenchEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C engine library opened with `dlopen`: its `motionbench_engine_entry` descriptor, checked (ABI version, the
/// functions present, a name, a known precision), and read into an `EngineDescriptor`.
public final class PluginLibrary: @unchecked Sendable {
    /// The path it was loaded from.
    public let path: String
    /// The engine's descriptor as the library returned it.
    let entry: UnsafePointer<motionbench_engine_descriptor>
    /// What the library declares.
    public let descriptor: EngineDescriptor
    private let handle: UnsafeMutableRawPointer

    /// The ABI version this MotionBench speaks (`MOTIONBENCH_ENGINE_ABI_VERSION`).
    public static let abiVersion = UInt32(MOTIONBENCH_ENGINE_ABI_VERSION)

    /// Opens the library at `path` and reads its descriptor; throws naming the path and what is wrong.
    public init(path: String) throws(EngineError) {
        self.path = path
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
        guard let entry = function() else {
            dlclose(handle)
            throw EngineError("engine \(path): motionbench_engine_entry returned NULL")
        }
        do {
            descriptor = try Self.read(entry.pointee, path: path)
        } catch {
            dlclose(handle)
            throw error
        }
        (self.handle, self.entry) = (handle, entry)
    }

    deinit { dlclose(handle) }

    /// Checks a descriptor and reads it.
    static func read(_ raw: motionbench_engine_descriptor, path: String) throws(EngineError) -> EngineDescriptor {
        let label = raw.name.map { String(cString: $0) } ?? path
        guard raw.abi_version == abiVersion else {
            throw EngineError("engine \(label) (\(path)): ABI version \(raw.abi_version), but this motionbench speaks version "
                              + "\(abiVersion) (rebuild the engine against its motionbench_engine.h)")
        }
        guard raw.create != nil, raw.evaluate_frame != nil, raw.destroy != nil, raw.last_error != nil else {
            throw EngineError("engine \(label) (\(path)): the descriptor lacks create, evaluate_frame, destroy or last_error")
        }
        guard let namePointer = raw.name, case let name = String(cString: namePointer), !name.isEmpty, name.count <= 64,
              name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw EngineError("engine \(path): the descriptor's name must be 1 to 64 printable characters")
        }
        let precision: EnginePrecision
        switch raw.precision {
        case UInt32(MOTIONBENCH_PRECISION_FLOAT32.rawValue): precision = .float32
        case UInt32(MOTIONBENCH_PRECISION_FLOAT64.rawValue): precision = .float64
        default: throw EngineError("engine \(name): precision \(raw.precision) is neither float32 (1) nor float64 (2)")
        }
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
