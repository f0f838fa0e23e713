import MotionCore

/// `pendulum`: the UIView keyframe seed (rotations of −270°, 180°, 234°, 144°, then a 100-point shift, at relative
/// starts 0, 0.15, 0.25, 0.45, 0.65, each with ease-in-out), each layer with its own begin time and duration.
/// Outputs: rotation (radians) and shift (points).
enum PendulumKind: ScenarioKind {
    static let name = "pendulum"
    static let fields: Set<String> = ["duration"]

    static let starts = [0, 0.15, 0.25, 0.45, 0.65]
    static let rotations: [Double] = [-270, 180, 234, 144, 0].map { $0 * .pi / 180 }
    static let shifts: [Double] = [0, 0, 0, 0, 100]

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        PendulumRecipe(duration: try reader.distribution("duration", rule: Rule.duration))
    }

    /// The seed's keyframes of `values` for a sequence of `duration` seconds.
    static func keyframes(_ values: [Double], duration: Double) -> ViewKeyframes<Double> {
        let frames = values.indices.map { index in
            ViewKeyframes<Double>.Keyframe(
                relativeStartTime: starts[index],
                relativeDuration: (index + 1 < starts.count ? starts[index + 1] : 1) - starts[index], value: values[index])
        }
        return try! ViewKeyframes(duration: duration, initialValue: 0, keyframes: frames)
    }
}

struct PendulumRecipe: LayerRecipe {
    let duration: NumberDistribution
    var variation: String? { duration.isConstant ? nil : "durations vary per layer" }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel] {
        let kernel = PendulumKernel(count: begins.count)
        for (layer, begin) in begins.enumerated() {
            kernel.columns[0][layer] = begin
            kernel.columns[1][layer] = duration.sample(&generator)
        }
        return [kernel]
    }
}

/// Pendulum layers: per layer, each keyframe starts from the value reached so far and eases toward its own value
/// over its slice of the layer's duration.
final class PendulumKernel: HarnessKernel, @unchecked Sendable {
    let count: Int
    let components = 2
    /// begin, duration, rotation, shift.
    let columns: LayerColumns
    let curve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    init(count: Int) {
        self.count = count
        columns = LayerColumns(columns: 4, count: count)
    }

    /// Per block and keyframe: each layer's progress through the keyframe (0 before its start, which leaves the value
    /// as it is), eased for the whole block at once, then both values move toward the keyframe's.
    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let begin = columns[0], duration = columns[1], rotation = columns[2], shift = columns[3]
        let starts = PendulumKind.starts, angles = PendulumKind.rotations, shifts = PendulumKind.shifts
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

    func reset() {
        columns[2].update(repeating: 0, count: count)
        columns[3].update(repeating: 0, count: count)
    }

    var streamReads: [UnsafeMutablePointer<Double>] { [columns[0], columns[1]] }
    var streamWrites: [UnsafeMutablePointer<Double>] { [columns[2], columns[3]] }
    var bytesPerLayer: Int { columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { columns[2 + component][layer] }
    func beginTime(_ layer: Int) -> Double { columns[0][layer] }
    func outputScale(layer: Int) -> Double { 100 }

    func isActive(_ layer: Int, at time: Double) -> Bool {
        let local = time - columns[0][layer]
        return local > 0 && local < columns[1][layer]
    }

    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let local = time - columns[0][i], d = columns[1][i]
        return [PendulumKind.keyframes(PendulumKind.rotations, duration: d).value(at: local),
                PendulumKind.keyframes(PendulumKind.shifts, duration: d).value(at: local)]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let d = columns[1][i]
        return [NaiveViewKeyframes(component: 0, keyframes: PendulumKind.keyframes(PendulumKind.rotations, duration: d)),
                NaiveViewKeyframes(component: 1, keyframes: PendulumKind.keyframes(PendulumKind.shifts, duration: d))]
    }
}

/// Naive UIView keyframes: the curve rebuilt and every keyframe walked on every call.
struct NaiveViewKeyframes: NaiveAnimation {
    let component: Int
    let keyframes: ViewKeyframes<Double>

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let curve = NaiveCurve(keyframes.curve)
        var current = keyframes.initialValue
        for keyframe in keyframes.keyframes {
            let start = keyframe.relativeStartTime * keyframes.duration, length = keyframe.relativeDuration * keyframes.duration
            guard time >= start else { break }
            let progress = length > 0 ? min((time - start) / length, 1) : 1
            current += (keyframe.value - current) * curve.value(progress)
        }
        layer.values[component] = current
    }
}
