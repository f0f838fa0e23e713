import MotionCore
import XCTest

/// The keyframe segment search is a binary search (O(log n) in the key count) in `KeyframeAnimation` and, for long
/// lists, in `KeyframeLayers`. Each is held here, bit for bit, to a straightforward linear-scan reference written in
/// this file (the algorithms as they were before the search), at every key time, at the doubles either side of each,
/// at random progress values and at 0, 1, outside [0, 1], ±infinity and NaN, for every calculation mode, with repeated
/// key times (first, last and inner ones) and long lists.
final class KeyframeSearchTests: XCTestCase {
    // MARK: The reference: linear scans, tangents built up front.

    /// `KeyframeAnimation.value(atProgress:)` by linear scan, with Kochanek–Bartels tangents built for every key first.
    private func referenceValue<V: VectorAnimatableValue>(
        _ values: [V], keyTimes: [Double], mode: KeyframeAnimation<V>.CalculationMode, timingFunctions: [TimingFunction]?,
        tensions: [Double]?, continuities: [Double]?, biases: [Double]?, progress: Double
    ) -> V {
        let count = values.count
        if count == 1 { return values[0] }
        if mode == .discrete {
            var index = 0
            for (candidate, time) in keyTimes.enumerated() where time <= progress { index = candidate }
            return values[min(index, count - 1)]
        }
        if progress <= keyTimes[0] { return values[0] }
        if progress >= keyTimes[count - 1] { return values[count - 1] }
        var segment = 0
        for index in 0..<(count - 1) where keyTimes[index] <= progress { segment = index }
        let span = keyTimes[segment + 1] - keyTimes[segment]
        var local = span > 0 ? (progress - keyTimes[segment]) / span : 1
        if let timingFunctions { local = timingFunctions[segment].value(at: local) }
        guard mode == .cubic || mode == .cubicPaced else {
            return values[segment].interpolated(to: values[segment + 1], at: local)
        }
        let zeros = [Double](repeating: 0, count: count)
        let (ts, cs, bs) = (tensions ?? zeros, continuities ?? zeros, biases ?? zeros)
        func point(_ index: Int) -> V { values[min(max(index, 0), count - 1)] }
        var outgoing: [V] = [], incoming: [V] = []
        for i in 0..<count {
            let (t, c, b) = (ts[i], cs[i], bs[i])
            let before = point(i).subtracting(point(i - 1)), after = point(i + 1).subtracting(point(i))
            outgoing.append(before.scaled(by: (1 - t) * (1 + b) * (1 + c) / 2)
                .adding(after.scaled(by: (1 - t) * (1 - b) * (1 - c) / 2)))
            incoming.append(before.scaled(by: (1 - t) * (1 + b) * (1 - c) / 2)
                .adding(after.scaled(by: (1 - t) * (1 - b) * (1 + c) / 2)))
        }
        let u = local, u2 = u * u, u3 = u2 * u
        return values[segment].scaled(by: 2 * u3 - 3 * u2 + 1)
            .adding(outgoing[segment].scaled(by: u3 - 2 * u2 + u))
            .adding(values[segment + 1].scaled(by: 3 * u2 - 2 * u3))
            .adding(incoming[segment + 1].scaled(by: u3 - u2))
    }

    /// `KeyframeLayers`' value for one layer at eased progress `p`, by counting the inner key times.
    private func referenceKernel(_ values: [Double], keyTimes: [Double], mode: KeyframeAnimation<Double>.CalculationMode,
                                 progress p: Double) -> Double {
        let last = values.count - 1
        if last == 0 { return values[0] }
        if mode == .discrete {
            var index = 0
            for k in 0..<keyTimes.count where keyTimes[k] <= p { index = k }
            return values[min(index, last)]
        }
        var segment = 0
        for k in 1..<last where keyTimes[k] <= p { segment += 1 }
        let cubic: Double = mode == .cubic || mode == .cubicPaced ? 1 : 0
        let start = keyTimes[segment], span = keyTimes[segment + 1] - start
        let raw = span > 0 ? (p - start) / span : 1
        let u = raw < 0 ? 0 : (raw > 1 ? 1 : raw)
        let p0 = values[max(segment - 1, 0)], p1 = values[segment], p2 = values[segment + 1], p3 = values[min(segment + 2, last)]
        let m1 = ((p1 - p0) + (p2 - p1)) * 0.5 * cubic, m2 = ((p2 - p1) + (p3 - p2)) * 0.5 * cubic
        let u2 = u * u, u3 = u2 * u
        let w1 = cubic * (2 * u3 - 3 * u2 + 1) + (1 - cubic) * (1 - u)
        let w2 = cubic * (3 * u2 - 2 * u3) + (1 - cubic) * u
        return p1 * w1 + m1 * (u3 - 2 * u2 + u) + p2 * w2 + m2 * (u3 - u2)
    }

    // MARK: Inputs.

    /// Every key time, the doubles either side of it, random values in [0, 1] and the edge cases.
    private func progresses(_ keyTimes: [Double], random: Int, _ generator: inout SplitMix64) -> [Double] {
        var result: [Double] = [0, -0.0, 1, -0.25, 1.25, 0.5, .infinity, -.infinity, .nan, 1.0.nextUp, 0.0.nextDown]
        for time in keyTimes { result += [time, time.nextDown, time.nextUp] }
        for _ in 0..<random { result.append(Double(generator.next() >> 11) * 0x1p-53) }
        return result
    }

    /// Non-decreasing key times in [0, 1] from 0 to 1, with runs of repeated times (first, inner and last).
    private func repeatedKeyTimes(_ count: Int, _ generator: inout SplitMix64) -> [Double] {
        var times = (0..<count).map { _ in Double(generator.next() >> 11) * 0x1p-53 }.sorted()
        times[0] = 0
        times[count - 1] = 1
        if count > 3 {
            times[1] = times[0]
            times[count - 2] = times[count - 1]
            for k in stride(from: 3, to: count - 2, by: 5) { times[k + 1] = times[k] }
            if count > 12 { (times[7], times[8], times[9]) = (times[6], times[6], times[6]) }
        }
        return times
    }

    private func randomValues(_ count: Int, _ generator: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in (Double(generator.next() >> 11) * 0x1p-53 - 0.5) * 200 }
    }

    private func assertSame(_ actual: Double, _ expected: Double, _ message: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        if actual.isNaN && expected.isNaN { return }
        XCTAssertEqual(actual.bitPattern, expected.bitPattern, "\(message()): \(actual) vs \(expected)", file: file, line: line)
    }

    // MARK: KeyframeAnimation.

    func testKeyframeAnimationSearchMatchesTheLinearScan() throws {
        var generator = SplitMix64(seed: 41)
        let timing = try MediaTiming(duration: 1)
        for count in [1, 2, 3, 5, 17, 64, 300] {
            let values = randomValues(count, &generator)
            let keyTimeSets: [[Double]?] = [nil, count > 1 ? repeatedKeyTimes(count, &generator) : [0]]
            for keyTimes in keyTimeSets {
                for mode in KeyframeAnimation<Double>.CalculationMode.allCases {
                    let animation = try KeyframeAnimation(values: values, keyTimes: keyTimes, calculationMode: mode,
                                                          timing: timing)
                    for p in progresses(animation.keyTimes, random: 200, &generator) {
                        let expected = referenceValue(values, keyTimes: animation.keyTimes, mode: mode, timingFunctions: nil,
                                                      tensions: nil, continuities: nil, biases: nil, progress: p)
                        assertSame(animation.value(atProgress: p), expected, "\(mode), \(count) values, p \(p)")
                    }
                }
            }
        }
    }

    func testDiscreteWithTheExtraKeyTimeAndRepeats() throws {
        var generator = SplitMix64(seed: 42)
        for count in [2, 4, 40] {
            let values = randomValues(count, &generator)
            let keyTimes = repeatedKeyTimes(count + 1, &generator)
            let animation = try KeyframeAnimation(values: values, keyTimes: keyTimes, calculationMode: .discrete,
                                                  timing: try MediaTiming(duration: 1))
            for p in progresses(keyTimes, random: 100, &generator) {
                let expected = referenceValue(values, keyTimes: keyTimes, mode: .discrete, timingFunctions: nil,
                                              tensions: nil, continuities: nil, biases: nil, progress: p)
                assertSame(animation.value(atProgress: p), expected, "discrete, \(count) values, p \(p)")
            }
        }
    }

    func testTimingFunctionsAndKochanekBartelsParameters() throws {
        var generator = SplitMix64(seed: 43)
        let count = 33
        let values = randomValues(count, &generator)
        let keyTimes = repeatedKeyTimes(count, &generator)
        let curves: [TimingFunction] = [.cubicBezier(.easeIn), .cubicBezier(.easeOut), .linear(.identity)]
        let timingFunctions = (0..<(count - 1)).map { curves[$0 % curves.count] }
        let linear = try KeyframeAnimation(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                           timing: try MediaTiming(duration: 1))
        func unit() -> Double { Double(generator.next() >> 11) * 0x1p-52 - 1 }
        let (t, c, b) = ((0..<count).map { _ in unit() }, (0..<count).map { _ in unit() }, (0..<count).map { _ in unit() })
        let cubic = try KeyframeAnimation(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                          calculationMode: .cubic, tensions: t, continuities: c, biases: b,
                                          timing: try MediaTiming(duration: 1))
        let biasOnly = try KeyframeAnimation(values: values, calculationMode: .cubic, biases: b, timing: try MediaTiming(duration: 1))
        for p in progresses(keyTimes, random: 300, &generator) {
            assertSame(linear.value(atProgress: p),
                       referenceValue(values, keyTimes: keyTimes, mode: .linear, timingFunctions: timingFunctions,
                                      tensions: nil, continuities: nil, biases: nil, progress: p), "linear eased, p \(p)")
            assertSame(cubic.value(atProgress: p),
                       referenceValue(values, keyTimes: keyTimes, mode: .cubic, timingFunctions: timingFunctions,
                                      tensions: t, continuities: c, biases: b, progress: p), "cubic TCB, p \(p)")
            assertSame(biasOnly.value(atProgress: p),
                       referenceValue(values, keyTimes: biasOnly.keyTimes, mode: .cubic, timingFunctions: nil,
                                      tensions: nil, continuities: nil, biases: b, progress: p), "cubic bias, p \(p)")
        }
    }

    func testVectorValuesCubicAndPaced() throws {
        var generator = SplitMix64(seed: 44)
        let count = 25
        let xs = randomValues(count, &generator), ys = randomValues(count, &generator)
        let points = zip(xs, ys).map { Point(x: $0, y: $1) }
        for mode in KeyframeAnimation<Point>.CalculationMode.allCases {
            let animation = try KeyframeAnimation(values: points, calculationMode: mode, timing: try MediaTiming(duration: 1))
            for p in progresses(animation.keyTimes, random: 100, &generator) {
                let expected = referenceValue(points, keyTimes: animation.keyTimes, mode: mode, timingFunctions: nil,
                                              tensions: nil, continuities: nil, biases: nil, progress: p)
                let actual = animation.value(atProgress: p)
                assertSame(actual.x, expected.x, "\(mode) x, p \(p)")
                assertSame(actual.y, expected.y, "\(mode) y, p \(p)")
            }
        }
    }

    /// Paced key times over distances that overflow hold NaN (∞/∞): the search keeps the linear scan's answers there.
    func testUnorderedPacedKeyTimesKeepTheLinearScan() throws {
        let values: [Double] = [0, 1e308, -1e308, 5, 1e308, 7]
        for mode in [KeyframeAnimation<Double>.CalculationMode.paced, .cubicPaced] {
            let animation = try KeyframeAnimation(values: values, calculationMode: mode, timing: try MediaTiming(duration: 1))
            XCTAssertTrue(animation.keyTimes.contains { $0.isNaN }, "\(animation.keyTimes)")
            var generator = SplitMix64(seed: 45)
            for p in progresses(animation.keyTimes.filter { !$0.isNaN }, random: 50, &generator) {
                let expected = referenceValue(values, keyTimes: animation.keyTimes, mode: mode, timingFunctions: nil,
                                              tensions: nil, continuities: nil, biases: nil, progress: p)
                assertSame(animation.value(atProgress: p), expected, "\(mode), p \(p)")
            }
        }
    }

    // MARK: KeyframeLayers.

    /// Runs `values.count` layers (begin 0, duration 1, linear easing: the eased progress is the time) at each progress
    /// and compares every layer's output with the counting reference.
    private func checkKernel(values: [[Double]], keyTimes: [Double], mode: KeyframeAnimation<Double>.CalculationMode,
                             progresses: [Double]) {
        let valueCount = values[0].count
        let layers = KeyframeLayers(count: values.count, valueCount: valueCount, keyTimes: keyTimes, mode: mode,
                                    curves: .shared(.linear(.identity)))
        for (i, row) in values.enumerated() {
            layers.schedule.set(i, LayerTimingParameters(begin: 0, duration: 1))
            for (k, value) in row.enumerated() { layers.set(i, key: k, value: value) }
        }
        let store = LayerStore(kernels: [layers])
        var previous = 0.0
        for (index, p) in progresses.enumerated() where p >= 0 && p < 1 {
            store.evaluate(LayerFrame(index: index + 1, time: p, previousTime: previous), layers: 0..<store.count)
            previous = p
            for (i, row) in values.enumerated() {
                let expected = referenceKernel(row, keyTimes: keyTimes, mode: mode, progress: p)
                assertSame(layers.output(0, layer: i), expected, "\(mode), \(valueCount) values, layer \(i), p \(p)")
            }
        }
    }

    func testKeyframeLayersSearchMatchesTheCountingReference() {
        var generator = SplitMix64(seed: 46)
        for count in [1, 2, 5, KeyframeLayers.countedKeyTimes, KeyframeLayers.countedKeyTimes + 1, 100, 1000] {
            let values = (0..<7).map { _ in randomValues(count, &generator) }
            let spaced = count == 1 ? [0.0] : (0..<count).map { Double($0) / Double(count - 1) }
            let keyTimeSets = count > 1 ? [spaced, repeatedKeyTimes(count, &generator)] : [spaced]
            for keyTimes in keyTimeSets {
                let ps = progresses(keyTimes, random: 100, &generator).filter { !$0.isNaN }.sorted()
                for mode in [KeyframeAnimation<Double>.CalculationMode.linear, .cubic, .cubicPaced, .discrete] {
                    checkKernel(values: values, keyTimes: keyTimes, mode: mode, progresses: ps)
                }
                let extra = repeatedKeyTimes(count + 1, &generator)
                checkKernel(values: values, keyTimes: extra, mode: .discrete,
                            progresses: progresses(extra, random: 50, &generator).filter { !$0.isNaN }.sorted())
            }
        }
    }

    /// The binary search itself against a count, on ordered lists with runs of equal times.
    func testKeyTimesAtOrBeforeCounts() {
        var generator = SplitMix64(seed: 47)
        for count in [0, 1, 2, 3, 8, 33, 257] {
            let times = count < 2 ? [Double](repeating: 0.5, count: count) : repeatedKeyTimes(count, &generator)
            XCTAssertTrue(keyTimesAreOrdered(times))
            for p in progresses(times, random: 50, &generator) {
                for range in [0..<count, min(1, count)..<max(count - 1, min(1, count))] {
                    let expected = times[range].reduce(0) { $0 + ($1 <= p ? 1 : 0) }
                    let actual = times.withUnsafeBufferPointer { keyTimesAtOrBefore(p, in: $0.baseAddress ?? UnsafePointer(bitPattern: 8)!, range) }
                    XCTAssertEqual(actual, expected, "\(count) times, \(range), p \(p)")
                }
            }
        }
        XCTAssertFalse(keyTimesAreOrdered([0, 0.5, 0.4]))
        XCTAssertFalse(keyTimesAreOrdered([0, .nan, 1]))
    }
}
