/// Pendulum layers: the UIView keyframe seed (rotations of −270°, 180°, 234°, 144°, then a 100-point shift, at
/// relative starts 0, 0.15, 0.25, 0.45, 0.65, each with ease-in-out), each layer with its own begin time and duration.
/// Per layer, each keyframe starts from the value reached so far and eases toward its own value over its slice of the
/// layer's duration. Outputs: rotation (radians) and shift (points).
public final class PendulumLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// Two outputs per layer: rotation and shift.
    public static let outputCount = 2
    /// Two outputs per layer: rotation and shift. (`outputCount`)
    public let components = PendulumLayers.outputCount
    /// begin, duration, rotation, shift.
    let columns: LayerColumns
    let curve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    /// The keyframes' relative start times (fractions of the duration); each runs until the next one starts, the last
    /// until 1.
    public static let keyframeStarts = [0, 0.15, 0.25, 0.45, 0.65]
    /// The keyframes' rotations, in radians.
    public static let rotations: [Double] = [-270, 180, 234, 144, 0].map { $0 * .pi / 180 }
    /// The keyframes' shifts, in points.
    public static let shifts: [Double] = [0, 0, 0, 0, 100]

    /// `count` layers at rest (begin 0, duration 0) until set.
    public init(count: Int) {
        self.count = count
        columns = LayerColumns(columns: 4, count: count)
    }

    /// Sets layer `layer` to begin at `begin` seconds and run its keyframes over `duration` seconds.
    public func set(_ layer: Int, begin: Double, duration: Double) {
        precondition((0..<count).contains(layer), "layer \(layer) is outside 0..<\(count)")
        (columns[0][layer], columns[1][layer]) = (begin, duration)
    }

    /// Layer `layer`'s begin time and duration, in seconds.
    public func parameters(_ layer: Int) -> (begin: Double, duration: Double) { (columns[0][layer], columns[1][layer]) }

    /// Per block and keyframe: each layer's progress through the keyframe (0 before its start, which leaves the value
    /// as it is), eased for the whole block at once, then both values move toward the keyframe's.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let begin = columns[0], duration = columns[1], rotation = columns[2], shift = columns[3]
        let starts = Self.keyframeStarts, angles = Self.rotations, shifts = Self.shifts
        LayerBlock.forEach(in: range) { block, eased in
            for i in block {
                rotation[i] = 0
                shift[i] = 0
            }
            for k in 0..<5 {
                let startFraction = starts[k], lengthFraction = (k + 1 < 5 ? starts[k + 1] : 1) - starts[k]
                for i in block {
                    let local = frame.time - begin[i], d = duration[i]
                    let start = startFraction * d, length = lengthFraction * d
                    let progress = length > 0 ? min((local - start) / length, 1) : 1
                    eased[i] = local >= start ? progress : 0
                }
                curve.ease(eased + block.lowerBound, count: block.count)
                let angle = angles[k], offset = shifts[k]
                for i in block {
                    rotation[i] += (angle - rotation[i]) * eased[i]
                    shift[i] += (offset - shift[i]) * eased[i]
                }
            }
        }
    }

    /// Rotation and shift back to 0.
    public func reset() {
        columns[2].update(repeating: 0, count: count)
        columns[3].update(repeating: 0, count: count)
    }

    /// Begin and duration are read; rotation and shift written.
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(reads: [columns[0], columns[1]], writes: [columns[2], columns[3]])
    }

    /// Four columns.
    public var bytesPerLayer: Int { columns.columns * MemoryLayout<Double>.size }

    /// Rotation (component 0, radians) or shift (1, points) of `layer` after the last frame.
    public func output(_ component: Int, layer: Int) -> Double { columns[2 + component][layer] }

    /// Begun and not past its duration.
    public func isActive(_ layer: Int, at time: Double) -> Bool {
        let local = time - columns[0][layer]
        return local > 0 && local < columns[1][layer]
    }
}
