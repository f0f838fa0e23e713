@testable import MotionCore
import XCTest

/// Cubic Béziers with control values up to ±1.7976931348623157e308, through every representation (`CubicBezier`,
/// `CompactCubicBezier`, `TabulatedCubicBezier`, the batch kernel's per-layer and shared curves), against an exact
/// path written here: x(t) = x solved by bisection and y(t) evaluated in 80-bit arithmetic, whose exponent range holds
/// every product of these control values. Inside [0, 1] the exact output never leaves the `Double` range, and every
/// representation must give it within the documented bound; outside [0, 1] a tangent value beyond the range is clamped
/// to ±greatestFiniteMagnitude (the command line refuses it, naming the limit).
final class LargeControlValueTests: XCTestCase {
    private let largest = Double.greatestFiniteMagnitude

    /// Curves beyond `BezierOutputScale.largestUnscaled` (2^960 ≈ 9.7e288), mixed signs and magnitudes, and one just
    /// below it, which takes the unscaled paths.
    private var curves: [CubicBezier] {
        get throws {
            let g = Double.greatestFiniteMagnitude
            return [
                try CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: -1e308),
                try CubicBezier(x1: 0, y1: g, x2: 1, y2: -g),
                try CubicBezier(x1: 0.3, y1: g, x2: 0.6, y2: -g),
                try CubicBezier(x1: 0.25, y1: -g, x2: 0.75, y2: -g),
                try CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: 1e308),
                try CubicBezier(x1: 0.1, y1: -1e308, x2: 0.9, y2: 1e-300),
                try CubicBezier(x1: 0.42, y1: 1e300, x2: 0.58, y2: 1),
                try CubicBezier(x1: 0.9, y1: 1e289, x2: 0.1, y2: -1e289),
                try CubicBezier(x1: 1, y1: -g, x2: 0, y2: g),
                try CubicBezier(x1: 0.5, y1: 5e288, x2: 0.5, y2: -5e288),
            ]
        }
    }

    private let inputs: [Double] = {
        let special = [0x1p-1000, 1e-300, 1e-6, 0.001, 0.25, 1.0 / 3, 0.5, 0.5.nextUp, 0.5.nextDown, 0.999, 1 - 0x1p-53]
        return (special + (1..<100).map { Double($0) / 100 }).sorted()
    }()

    // MARK: the exact path

    /// y at the root of x(t) = `x` and dy/dx there, in 80-bit arithmetic: bisection on the Bernstein form of x (strictly
    /// increasing for x1, x2 in [0, 1]) to adjacent 80-bit parameters.
    private func exact(_ c: CubicBezier, at x: Double) -> (y: Float80, slope: Float80) {
        let (x1, y1, x2, y2) = (Float80(c.x1), Float80(c.y1), Float80(c.x2), Float80(c.y2))
        func bernstein(_ p1: Float80, _ p2: Float80, _ t: Float80) -> Float80 {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var (low, high) = (Float80(0), Float80(1))
        let target = Float80(x)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if bernstein(x1, x2, middle) < target { low = middle } else { high = middle }
        }
        let t = (low + high) / 2, s = 1 - t
        func speed(_ p1: Float80, _ p2: Float80) -> Float80 { 3 * (p1 * s * (s - 2 * t) + p2 * t * (2 * s - t) + t * t) }
        return (bernstein(y1, y2, t), speed(y1, y2) / speed(x1, x2))
    }

    /// The documented bound, 1e-12 + 4e-16·|dy/dx| + 8·2^-53·max(1, |y1|, |y2|), in 80-bit arithmetic.
    private func bound(_ c: CubicBezier, slope: Float80) -> Float80 {
        let magnitude = Swift.max(1, abs(Float80(c.y1)), abs(Float80(c.y2)))
        return 1e-12 + 4e-16 * abs(slope) + 8 * Float80(0x1p-53) * magnitude
    }

    private func assertWithinBound(_ value: Double, _ c: CubicBezier, at x: Double, _ representation: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
        let (y, slope) = exact(c, at: x)
        XCTAssertTrue(value.isFinite, "\(representation) \(c) at \(x): \(value)", file: file, line: line)
        let error = abs(Float80(value) - y)
        XCTAssertLessThanOrEqual(error, bound(c, slope: slope),
                                 "\(representation) \(c) at \(x): \(value), exact \(y)", file: file, line: line)
    }

    // MARK: values inside [0, 1]

    func testCurvesBeyondTheLimitBuildAScaleAndOthersDoNot() throws {
        for curve in try curves {
            let needsScale = Swift.max(abs(curve.y1), abs(curve.y2)) > 0x1p960
            XCTAssertEqual(curve.outputScale != nil, needsScale, "\(curve)")
            if let scale = curve.outputScale {
                XCTAssertEqual(scale.scale * scale.inverseScale, 1)
                XCTAssertTrue((1..<2).contains(Swift.max(abs(scale.y1), abs(scale.y2))), "\(curve)")
                // No step is certified: every interior input takes the complete solve and the scaled output.
                XCTAssertFalse(inputs.contains { curve.finishesInOneStep($0) || curve.finishesOnTheFastPath($0) }, "\(curve)")
            }
        }
        XCTAssertNil(CubicBezier.ease.outputScale)
        XCTAssertNil(try CubicBezier(x1: 0.2, y1: -0x1p960, x2: 0.8, y2: 0x1p960).outputScale)
        XCTAssertNotNil(try CubicBezier(x1: 0.2, y1: 0, x2: 0.8, y2: 0x1p960.nextUp).outputScale)
    }

    func testEveryScalarRepresentationIsWithinTheBound() throws {
        for curve in try curves {
            let compact = CompactCubicBezier(curve)
            let tabulated = TabulatedCubicBezier(compact)
            var batch = inputs
            let unfinished = batch.withUnsafeMutableBufferPointer { tabulated.ease($0.baseAddress!, count: inputs.count) }
            if curve.outputScale != nil { XCTAssertEqual(unfinished, inputs.count, "\(curve)") }
            for (x, tabulatedValue) in zip(inputs, batch) {
                assertWithinBound(curve.value(at: x), curve, at: x, "CubicBezier")
                assertWithinBound(compact.value(at: x), curve, at: x, "CompactCubicBezier")
                assertWithinBound(tabulatedValue, curve, at: x, "TabulatedCubicBezier")
                assertWithinBound(TimingFunction.cubicBezier(curve).value(at: x), curve, at: x, "TimingFunction")
            }
        }
    }

    func testTheBatchKernelIsWithinTheBound() throws {
        let curves = try self.curves
        // One layer per curve with its own curve (`BezierColumns`, mixed scaled and unscaled curves in one block), and
        // one kernel per curve with the curve shared (`TabulatedCubicBezier` through `LayerEasing`). From 0 to 1 over
        // 1 s from time 0, the output is the eased progress, and the progress at time x is x.
        let own = BasicLayers(count: curves.count, components: 1, curves: .perLayer)
        let shared = curves.map { BasicLayers(count: 1, components: 1, curves: .shared(.cubicBezier($0))) }
        let timing = LayerTimingParameters(begin: 0, duration: 1)
        for (i, curve) in curves.enumerated() {
            own.schedule.set(i, timing, curve: curve)
            own.set(i, component: 0, from: 0, to: 1)
            shared[i].schedule.set(0, timing)
            shared[i].set(0, component: 0, from: 0, to: 1)
            // The tolerance column holds +infinity for a scaled curve; the getter gives the real curve back.
            XCTAssertEqual(own.schedule.curve(i), curve, "\(curve)")
            XCTAssertEqual(own.schedule.curve(i)?.tolerance, curve.tolerance, "\(curve)")
        }
        let store = LayerStore(kernels: [own] + shared)
        var previous = 0.0
        for (index, x) in ([0] + inputs).enumerated() {
            store.evaluate(LayerFrame(index: index + 1, time: x, previousTime: previous), layers: 0..<store.count)
            previous = x
            for (i, curve) in curves.enumerated() {
                if x == 0 {
                    XCTAssertEqual(own.output(0, layer: i), 0, "\(curve)")
                    XCTAssertEqual(shared[i].output(0, layer: 0), 0, "\(curve)")
                    continue
                }
                assertWithinBound(own.output(0, layer: i), curve, at: x, "BezierColumns")
                assertWithinBound(shared[i].output(0, layer: 0), curve, at: x, "shared TabulatedCubicBezier")
            }
        }
    }

    /// Values derived by hand: with x1 = 0 and x2 = 1 (or any x1 + x2 = 1), x(0.5) = 0.5, so t = 0.5 exactly and
    /// y = 3/8·(y1 + y2) + 1/8. On (0, 1e308, 1, −1e308) that is 0.125, whose terms cancel exactly.
    func testHandDerivedValuesAreExactInEveryRepresentation() throws {
        let g = largest
        let cases: [(CubicBezier, Double)] = [
            (try CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: -1e308), 0.125),
            (try CubicBezier(x1: 0, y1: g, x2: 1, y2: -g), 0.125),
            (try CubicBezier(x1: 0.25, y1: -g, x2: 0.75, y2: g), 0.125),
            // 3/8·2e308 + 1/8 = 7.5e307, and 3/8·(−2g) = −0.75g (rounded to the nearest Double; 1/8 is far below its ulp).
            (try CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: 1e308), 0.75 * 1e308),
            (try CubicBezier(x1: 0.25, y1: -g, x2: 0.75, y2: -g), -0.75 * g),
        ]
        for (curve, expected) in cases {
            let compact = CompactCubicBezier(curve)
            var batch = [0.5]
            batch.withUnsafeMutableBufferPointer { _ = TabulatedCubicBezier(compact).ease($0.baseAddress!, count: 1) }
            XCTAssertEqual(curve.value(at: 0.5), expected, "\(curve)")
            XCTAssertEqual(compact.value(at: 0.5), expected, "\(curve)")
            XCTAssertEqual(batch[0], expected, "\(curve)")
            let layers = BasicLayers(count: 1, components: 1, curves: .perLayer)
            layers.schedule.set(0, LayerTimingParameters(begin: 0, duration: 1), curve: curve)
            layers.set(0, component: 0, from: 0, to: 1)
            LayerStore(kernels: [layers]).evaluate(LayerFrame(index: 1, time: 0.5, previousTime: 0), layers: 0..<1)
            XCTAssertEqual(layers.output(0, layer: 0), expected, "\(curve)")
        }
    }

    func testEndsAreExact() throws {
        for curve in try curves {
            let compact = CompactCubicBezier(curve)
            XCTAssertEqual(curve.value(at: 0), 0)
            XCTAssertEqual(curve.value(at: 1), 1)
            XCTAssertEqual(compact.value(at: 0), 0)
            XCTAssertEqual(compact.value(at: 1), 1)
            var ends = [0.0, 1.0]
            ends.withUnsafeMutableBufferPointer { _ = TabulatedCubicBezier(compact).ease($0.baseAddress!, count: 2) }
            XCTAssertEqual(ends, [0, 1])
        }
    }

    // MARK: outside [0, 1], slopes and the output range

    func testTangentsAreExactWhereTheValueFitsAndClampedWhereItDoesNot() throws {
        // x1 = 0: the start tangent runs toward (x2, y2) = (1, 1e308); x2 = 1: the end tangent toward (x1, y1) = (0, 1e308).
        let wide = try CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: 1e308)
        // The slope 1e318 lies beyond the range; its value close to 0 does not.
        let steep = try CubicBezier(x1: 1e-10, y1: 1e308, x2: 1, y2: 1)
        for (value, expected) in [(wide.value(at: -0.5), -0.5 * 1e308), (wide.value(at: 2), 1 - 1e308),
                                  (steep.value(at: -1e-20), -1e298), (steep.value(at: -1e-300), -1e18)] {
            XCTAssertEqual(value, expected, accuracy: abs(expected) * 4e-16)
        }
        // Beyond the range: clamped, never infinite.
        XCTAssertEqual(wide.value(at: -2), -largest)
        XCTAssertEqual(wide.value(at: 3), -largest)
        XCTAssertEqual(steep.value(at: -0.5), -largest)
        XCTAssertEqual(steep.slope(at: -1), largest)
        // `checkedValue` and `checkedSlope` say which results were clamped.
        XCTAssertTrue(wide.checkedValue(at: -2) == (-largest, false))
        XCTAssertTrue(wide.checkedValue(at: -0.5) == (-0.5 * 1e308, true))
        XCTAssertTrue(wide.checkedValue(at: 0.5) == (0.75 * 1e308, true))
        XCTAssertTrue(steep.checkedSlope(at: -1) == (largest, false))
        XCTAssertTrue(wide.checkedSlope(at: -1) == (1e308, true))
        for curve in [wide, steep] {
            let compact = CompactCubicBezier(curve)
            for x in [-1e300, -2, -0.5, -1e-20, -1e-300, 1 + 0x1p-52, 1.5, 3, 1e300] {
                XCTAssertEqual(compact.value(at: x), curve.value(at: x), "\(curve) at \(x)")
                XCTAssertTrue(curve.value(at: x).isFinite, "\(curve) at \(x)")
            }
        }
    }

    func testSlopesMatchTheExactPathOrSayTheyWereClamped() throws {
        let limit = Float80(largest)
        var clamped = 0, compared = 0
        for curve in try curves where curve.outputScale != nil {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                let (slope, fits) = curve.checkedSlope(at: x)
                XCTAssertEqual(curve.slope(at: x), slope)
                let exactSlope = exact(curve, at: x).slope
                if abs(exactSlope) > limit * (1 + 1e-9) {
                    // Steeper than the range: clamped and said so, or a vertical tangent (x′ = 0 at the solved t).
                    XCTAssertTrue(slope.isInfinite || (abs(slope) == largest && !fits), "\(curve) at \(x): \(slope)")
                    XCTAssertEqual(slope.sign, exactSlope.sign, "\(curve) at \(x)")
                    clamped += 1
                } else if abs(exactSlope) < limit * (1 - 1e-9) {
                    XCTAssertTrue(slope.isFinite && fits, "\(curve) at \(x): \(slope)")
                    // The parameter is within 2^-60 plus the residual's rounding: the slope's own error is relative to
                    // the largest y′ and y″, at most a few times max(|y1|, |y2|).
                    let magnitude = Swift.max(abs(Float80(curve.y1)), abs(Float80(curve.y2)))
                    XCTAssertLessThanOrEqual(abs(Float80(slope) - exactSlope), 1e-12 * Swift.max(abs(exactSlope), magnitude),
                                             "\(curve) at \(x): \(slope), exact \(exactSlope)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(clamped, 10)
        XCTAssertGreaterThan(compared, 50)
        // x′(0) = 0 and y′(0) = 0: L'Hôpital's rule, y″(0)/x″(0) = (y2 − 2y1)/(x2 − 2x1) = 1e308, which the unscaled
        // 3·y2 overflowed.
        XCTAssertEqual(try CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1e308).slope(at: 0), 1e308, accuracy: 1e308 * 1e-15)
        // x′(0) = 0 with y′(0) = 3e308: a vertical tangent.
        XCTAssertEqual(try CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: -1e308).slope(at: 0), .infinity)
        XCTAssertEqual(try CubicBezier(x1: 0, y1: -largest, x2: 1, y2: largest).slope(at: 0), -.infinity)
    }

    func testOutputRangeHoldsEverySample() throws {
        for curve in try curves {
            let range = curve.outputRange
            XCTAssertTrue(range.min.isFinite && range.max.isFinite, "\(curve)")
            let samples = inputs.map { curve.value(at: $0) }
            let slack = 8 * 0x1p-53 * Swift.max(1, abs(curve.y1), abs(curve.y2))
            XCTAssertLessThanOrEqual(range.min, samples.min()! + slack, "\(curve)")
            XCTAssertGreaterThanOrEqual(range.max, samples.max()! - slack, "\(curve)")
        }
    }
}
