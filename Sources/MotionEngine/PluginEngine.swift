import CMotionBenchEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C engine created from a `PluginLibrary`: the layers handed over as `motionbench_layer` structs, one output buffer
/// owned here (the same every frame: guard values after its end, then an inaccessible page, so that a small overrun is
/// reported after the frame and a large one stops the engine at once instead of corrupting memory), and each frame's
/// written count checked.
public final class PluginEngine: AnimationEngine, @unchecked Sendable {
    /// The library's descriptor.
    public let descriptor: EngineDescriptor
    private let library: PluginLibrary
    private let instance: UnsafeMutableRawPointer
    private let layers: EngineLayers
    /// Output values plus `guardCount` guard values, in the engine's precision, ending just before `mapping`'s last
    /// page, which is inaccessible.
    private let buffer: UnsafeMutableRawPointer
    /// The mapped pages holding the buffer and the guard page after it.
    private let mapping: (base: UnsafeMutableRawPointer, bytes: Int)
    private let outputCount: Int
    /// Values written by each chunk of the current frame (summed and checked by `checkFrame`).
    private let written: UnsafeMutablePointer<Int64>
    private let writtenCapacity: Int
    /// Whether the first frame since the last reset was checked for values left unwritten.
    private var checkedFirstFrame = false
    /// Whether `destroy` was called already.
    private var destroyed = false

    /// Guard values after the outputs: an engine that writes past its last layer changes one of them.
    static let guardCount = 64
    /// The bit pattern of the guard values (a NaN no arithmetic produces).
    static let guardBits: UInt64 = 0x7FF4_D07B_E7C4_A5E5

    /// Creates the engine for `layers` (their offsets as given); throws with the engine's own message on failure.
    public init(library: PluginLibrary, layers: EngineLayers) throws(EngineError) {
        self.library = library
        self.layers = layers
        descriptor = library.descriptor
        outputCount = layers.outputCount
        let raw = library.entry.pointee
        let created: UnsafeMutableRawPointer? = PluginLayerMarshal.withCLayers(layers) { pointer in
            raw.create(pointer, UInt64(layers.count), UInt64(layers.outputCount))
        }
        guard let created else {
            library.willCallLastError?()
            let reason = raw.last_error(nil).map { String(cString: $0) } ?? "no message"
            throw EngineError("engine \(library.descriptor.name): create failed for \(layers.count) "
                              + "layer\(layers.count == 1 ? "" : "s"): \(reason)")
        }
        instance = created
        let bytes = descriptor.precision.bytes * (outputCount + Self.guardCount)
        let page = Int(sysconf(Int32(_SC_PAGESIZE))), dataBytes = (bytes + page - 1) / page * page
        guard let base = mmap(nil, dataBytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              base != MAP_FAILED, mprotect(base + dataBytes, page, PROT_NONE) == 0 else {
            library.entry.pointee.destroy(created)
            throw EngineError("engine \(library.descriptor.name): cannot map \(dataBytes + page) bytes for the outputs")
        }
        mapping = (base, dataBytes + page)
        buffer = base + ((dataBytes - bytes) & ~15)
        writtenCapacity = 1024
        written = .allocate(capacity: writtenCapacity)
        fillGuards(everywhere: true)
    }

    deinit {
        destroy()
        munmap(mapping.base, mapping.bytes)
        written.deallocate()
    }

    /// Calls the engine's `destroy` now (deinit does otherwise); the engine must not be used afterwards.
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        library.entry.pointee.destroy(instance)
    }

    /// The addresses of the inaccessible page after the output buffer: a fault there is a write past the outputs.
    public var guardPage: Range<UInt> {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE))), end = UInt(bitPattern: mapping.base + mapping.bytes)
        return (end - page)..<end
    }

    /// One chunk of a frame; a negative return is the engine's error, with its message.
    public func evaluateFrame(time: Double, chunk: Int, of chunks: Int) throws(EngineError) {
        let count = library.entry.pointee.evaluate_frame(instance, time, UInt32(chunk), UInt32(chunks), buffer)
        if chunk < writtenCapacity { written[chunk] = count }
        if count < 0 { throw EngineError("engine \(descriptor.name): evaluate_frame failed at t = \(time) s: \(lastError)") }
    }

    /// Checks a frame of `chunks` chunks: the values written add up to the outputs, and no guard value changed.
    public func checkFrame(chunks: Int, time: Double) throws(EngineError) {
        var total: Int64 = 0
        for chunk in 0..<min(chunks, writtenCapacity) { total += written[chunk] }
        guard total == Int64(outputCount) else {
            throw EngineError("engine \(descriptor.name): evaluate_frame at t = \(time) s reported \(total) values written; "
                              + "the layers have \(outputCount)")
        }
        for index in outputCount..<(outputCount + Self.guardCount) where !guardIntact(index) {
            throw EngineError("engine \(descriptor.name): evaluate_frame at t = \(time) s wrote past the end of the output "
                              + "buffer (value \(index) of \(outputCount))")
        }
        if !checkedFirstFrame {
            checkedFirstFrame = true
            if let index = firstUnwrittenOutput() {
                throw EngineError("engine \(descriptor.name): the first frame (t = \(time) s) left output value \(index) of "
                                  + "\(outputCount) unwritten (check each layer's output_offset)")
            }
        }
    }

    /// Calls `body` with the C descriptor, the engine instance and the output buffer, for a loop written in C around
    /// the engine (the harness-overhead benchmark); the engine must not be used elsewhere meanwhile.
    package func withCEngine<Result>(
        _ body: (UnsafePointer<motionbench_engine_descriptor>, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Result
    ) -> Result {
        body(library.entry, instance, buffer)
    }

    /// The first output value still holding its guard pattern (never written since the last reset), if any.
    public func firstUnwrittenOutput() -> Int? { (0..<outputCount).first { guardIntact($0) } }

    /// Calls the engine's `reset` (when it has one) and marks every output unwritten again.
    public func reset() throws(EngineError) {
        if let reset = library.entry.pointee.reset {
            guard reset(instance) >= 0 else { throw EngineError("engine \(descriptor.name): reset failed: \(lastError)") }
        }
        fillGuards(everywhere: true)
        checkedFirstFrame = false
    }

    /// Layer `layer`'s values from the output buffer, converted to Double.
    public func outputs(layer: Int, into values: UnsafeMutableBufferPointer<Double>) {
        let offset = layers[layer].outputOffset
        for component in values.indices { values[component] = value(offset + component) }
    }

    /// The output buffer scanned in one pass (blocks of 1,024 values, each tested as a whole: 0 × v is NaN exactly when
    /// v is not finite), and the first value that is not finite mapped to its layer by the layers' output offsets.
    /// `layers` and `outputCount` are not needed: the buffer holds every layer's outputs end to end.
    public func firstNonFiniteOutput(layers _: Int, outputCount _: (Int) -> Int) -> (layer: Int, output: Int, value: Double)? {
        let index: Int?
        switch descriptor.precision {
        case .float32: index = Self.firstNonFinite(buffer.assumingMemoryBound(to: Float.self), count: outputCount)
        case .float64: index = Self.firstNonFinite(buffer.assumingMemoryBound(to: Double.self), count: outputCount)
        }
        guard let index else { return nil }
        // The last layer whose first output is at or before `index` (offsets increase with the layer).
        var lo = 0, hi = layers.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if layers[mid].outputOffset <= index { lo = mid } else { hi = mid - 1 }
        }
        return (lo, index - layers[lo].outputOffset, value(index))
    }

    /// The index of the first of `count` values at `values` that is not finite, or nil.
    static func firstNonFinite<Value: BinaryFloatingPoint>(_ values: UnsafePointer<Value>, count: Int) -> Int? {
        let block = 1024
        var start = 0
        while start < count {
            let end = min(start + block, count)
            var probe: Value = 0
            for index in start..<end { probe += 0 * values[index] }
            if probe.isNaN { return (start..<end).first { !values[$0].isFinite } }
            start = end
        }
        return nil
    }

    /// Output value `index` as a Double.
    func value(_ index: Int) -> Double {
        descriptor.precision == .float32 ? Double(buffer.load(fromByteOffset: 4 * index, as: Float.self))
            : buffer.load(fromByteOffset: 8 * index, as: Double.self)
    }

    /// The engine's last error message.
    private var lastError: String {
        library.willCallLastError?()
        return library.entry.pointee.last_error(instance).map { String(cString: $0) } ?? "no message"
    }

    private func guardIntact(_ index: Int) -> Bool {
        descriptor.precision == .float32
            ? buffer.load(fromByteOffset: 4 * index, as: UInt32.self) == UInt32(truncatingIfNeeded: Self.guardBits >> 32)
            : buffer.load(fromByteOffset: 8 * index, as: UInt64.self) == Self.guardBits
    }

    private func fillGuards(everywhere: Bool) {
        for index in (everywhere ? 0 : outputCount)..<(outputCount + Self.guardCount) {
            if descriptor.precision == .float32 {
                buffer.storeBytes(of: UInt32(truncatingIfNeeded: Self.guardBits >> 32), toByteOffset: 4 * index, as: UInt32.self)
            } else {
                buffer.storeBytes(of: Self.guardBits, toByteOffset: 8 * index, as: UInt64.self)
            }
        }
    }
}
