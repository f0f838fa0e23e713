import MotionCore
import XCTest

/// `PendulumLayers` and `InteractiveLayers` evaluate two layers at a time in SIMD lanes, and the pendulum eases each
/// layer's interior progress once instead of every keyframe's column. Each is held here, bit for bit, to the scalar
/// loops they replaced (written out in this file: one easing call per keyframe, ternaries per layer), over odd layer
/// counts that span several blocks (so a lone last layer and block ends are covered), random parameters, frames that
/// land exactly on keyframe starts, and degenerate ones: zero, negative, infinite and NaN durations and begins.
final class LaneKernelExactnessTests: XCTestCase {
    private let curve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    /// The shared curve on one input, as the batch call eases it.
    private func eased(_ x: Double) -> Double {
        var value = x
        curve.ease(&value, count: 1)
        return value
    }

    private func assertSame(_ actual: Double, _ expected: Double, _ message: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.bitPattern, expected.bitPattern, "\(message()): \(actual) vs \(expected)", file: file, line: line)
    }

    /// The scalar pendulum: per keyframe, the progress, its easing, then both values toward the keyframe's.
    private func referencePendulum(begin: Double, duration d: Double, time: Double) -> (Double, Double) {
        let starts = PendulumLayers.keyframeStarts
        var rotation = 0.0, shift = 0.0
        for k in 0..<5 {
            let startFraction = starts[k], lengthFraction = (k + 1 < 5 ? starts[k + 1] : 1) - starts[k]
            let local = time - begin
            let start = startFraction * d, length = lengthFraction * d
            let progress = length > 0 ? min((local - start) / length, 1) : 1
            let e = eased(local >= start ? progress : 0)
            rotation += (PendulumLayers.rotations[k] - rotation) * e
            shift += (PendulumLayers.shifts[k] - shift) * e
        }
        return (rotation, shift)
    }

    func testPendulumLanesMatchTheScalarLoopBitForBit() {
        var generator = SplitMix64(seed: 361)
        let count = 301
        let layers = PendulumLayers(count: count)
        var parameters: [(begin: Double, duration: Double)] = (0..<count).map { _ in
            (Double.random(in: -0.5...1.5, using: &generator), Double.random(in: 0.01...3, using: &generator))
        }
        let special: [(Double, Double)] = [(0, 0), (0.2, -1), (0, .infinity), (.nan, 1), (0.1, .nan), (-.infinity, 2),
                                           (0, 1e-310), (0.25, 2), (0.5, 1)]
        for (index, value) in special.enumerated() { parameters[index * 31] = value }
        for (i, p) in parameters.enumerated() { layers.set(i, begin: p.begin, duration: p.duration) }
        let store = LayerStore(kernels: [layers])
        // Random frames, and frames at the keyframe starts of layers 7·31 (begin 0.25, duration 2) and 8·31.
        var times = (0..<40).map { _ in Double.random(in: -0.2...4, using: &generator) }
        times += PendulumLayers.keyframeStarts.flatMap { [0.25 + $0 * 2, 0.5 + $0 * 1] }
        for (index, time) in times.enumerated() {
            store.evaluate(LayerFrame(index: index + 1, time: time, previousTime: 0), layers: 0..<count)
            for (i, p) in parameters.enumerated() {
                let (rotation, shift) = referencePendulum(begin: p.begin, duration: p.duration, time: time)
                assertSame(layers.output(0, layer: i), rotation, "rotation of layer \(i) at \(time)")
                assertSame(layers.output(1, layer: i), shift, "shift of layer \(i) at \(time)")
            }
        }
    }

    /// The scalar interactive transition: the completion's eased progress, then the phase's ternaries.
    private func referenceInteractive(_ g: InteractiveLayers.Parameters, time: Double) -> (Double, Double) {
        let local = time - g.begin, length = g.completionSeconds, target: Double = g.finishes ? 1 : 0
        let progress = (local - g.scrubDuration) / (length > 0 ? length : 1)
        let e = eased(progress < 0 ? 0 : (progress > 1 ? 1 : progress))
        let completing = length > 0 ? g.scrubTo + (target - g.scrubTo) * e : target
        let scrubbing = g.scrubTo * local / g.scrubDuration
        let percent = local <= 0 ? 0 : (local < g.scrubDuration ? scrubbing : completing)
        return (percent, percent * g.width)
    }

    func testInteractiveLanesMatchTheScalarLoopBitForBit() {
        var generator = SplitMix64(seed: 362)
        let count = 257
        let layers = InteractiveLayers(count: count)
        var gestures = (0..<count).map { _ in
            InteractiveLayers.Parameters(begin: Double.random(in: -0.3...1, using: &generator),
                                         duration: Double.random(in: 0.1...1, using: &generator),
                                         scrubTo: Double.random(in: 0...1, using: &generator),
                                         scrubDuration: Double.random(in: 0.05...0.6, using: &generator),
                                         finishes: Bool.random(using: &generator),
                                         completionSpeed: Double.random(in: 0.3...3, using: &generator),
                                         width: Double.random(in: -400...400, using: &generator))
        }
        // Completion of zero seconds, a scrub of zero seconds, NaN and infinite begins.
        gestures[0].scrubTo = 1
        gestures[0].finishes = true
        gestures[31].scrubDuration = 0
        gestures[62].begin = .nan
        gestures[93].begin = -.infinity
        for (i, gesture) in gestures.enumerated() { layers.set(i, gesture) }
        let store = LayerStore(kernels: [layers])
        var times = (0..<40).map { _ in Double.random(in: -0.2...3, using: &generator) }
        times += [gestures[5].begin, gestures[5].begin + gestures[5].scrubDuration]
        for (index, time) in times.enumerated() {
            store.evaluate(LayerFrame(index: index + 1, time: time, previousTime: 0), layers: 0..<count)
            for (i, gesture) in gestures.enumerated() {
                let (percent, offset) = referenceInteractive(gesture, time: time)
                assertSame(layers.output(0, layer: i), percent, "percent of layer \(i) at \(time)")
                assertSame(layers.output(1, layer: i), offset, "offset of layer \(i) at \(time)")
            }
        }
    }
}
