import BigInt
import MotionCore
import XCTest

/// `CubicBezier.value(at:)`, `Steps` and `LinearEasing` held bit for bit to answers computed by paths that share none
/// of their rules: the exact-integer oracle's vectors (`scripts/exact-oracle.py`, in `data/vectors/correctly-rounded-*`),
/// exact rational arithmetic here, and monotonicity at adjacent doubles where correct rounding implies it.
final class CorrectlyRoundedTests: XCTestCase {
    /// Every cubic-bezier vector of the oracle, bit for bit.
    func testBezierOracleVectors() throws {
        try checkBezierVectors("correctly-rounded-bezier.csv", atLeast: 10_000) { $0.value(at: $1) }
    }

    /// The same vectors, and the slopes, on curves built for few evaluations (no guess tables: the frame root comes
    /// from a table-free guess and the complete solve), bit for bit: the representation changes no answer.
    func testBezierOracleVectorsWithoutTables() throws {
        try checkBezierVectors("correctly-rounded-bezier.csv", atLeast: 10_000, evaluations: .few) { curve, x in
            XCTAssertEqual(curve.evaluations, .few)
            return curve.value(at: x)
        }
        try checkBezierVectors("correctly-rounded-bezier-slopes.csv", atLeast: 2_000, evaluations: .few) {
            $0.slope(at: $1)
        }
    }

    /// The rows of a Bézier vector file (x1, y1, x2, y2, input, expected, note), each held bit for bit to `evaluate`
    /// on curves built for `evaluations`; the failures are listed, the first ten in full.
    func checkBezierVectors(_ file: String, atLeast minimum: Int, evaluations: CubicBezier.Evaluations = .many,
                            _ evaluate: (CubicBezier, Double) -> Double) throws {
        let rows = try VectorFileTests.rows(of: file, columns: 7)
        XCTAssertGreaterThanOrEqual(rows.count, minimum)
        var curves: [[Double]: CubicBezier] = [:]
        var failures: [String] = []
        for row in rows {
            let numbers = try row[0..<6].map { try XCTUnwrap(Double($0), "\(row)") }
            let key = Array(numbers[0..<4])
            let curve = try curves[key]
                ?? CubicBezier(x1: key[0], y1: key[1], x2: key[2], y2: key[3], evaluations: evaluations)
            curves[key] = curve
            let got = evaluate(curve, numbers[4])
            if got.bitPattern != numbers[5].bitPattern { failures.append("\(row.joined(separator: ",")): got \(got)") }
        }
        XCTAssertTrue(failures.isEmpty, "\(file): \(failures.count) of \(rows.count) differ, e.g.\n"
                      + failures.prefix(10).joined(separator: "\n"))
    }

    /// The slopes at x = 0 and x = 1, bit for bit, in both representations, against exact rationals
    /// (`scripts/end-slope-oracle.py`): y1/x1, (1 − y2)/(1 − x2), and where the first derivatives vanish together,
    /// y2/x2 at 0 and (1 − y1)/(1 − x1) at 1, each rounded once. Among them the cases a rounded 1 − y2, a rounded
    /// 3·x2 or a quotient of rounded sums missed: cubic-bezier(0.68, 1.1, 1, 1) at 1 is −0.31250000000000033, not
    /// −0.31250000000000167.
    func testBezierEndSlopesAreCorrectlyRounded() throws {
        for evaluations in [CubicBezier.Evaluations.many, .few] {
            try checkBezierVectors("correctly-rounded-bezier-end-slopes.csv", atLeast: 1_000, evaluations: evaluations) {
                $0.slope(at: $1)
            }
        }
        XCTAssertEqual(try CubicBezier(x1: 0.68, y1: 1.1, x2: 1, y2: 1).slope(at: 1), -0.31250000000000033)
        XCTAssertEqual(try CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1).slope(at: 1), 1.7241379310344827)
    }

    /// Every finite slope of the oracle, bit for bit (`slope(at:)` inside (0, 1)); and outside [0, 1] the end line's
    /// slope is the exact (y2 − 1)/(x2 − 1) rounded once.
    func testBezierSlopeOracleVectors() throws {
        try checkBezierVectors("correctly-rounded-bezier-slopes.csv", atLeast: 2_000) { $0.slope(at: $1) }
        // (0.3 − 1)/(0.7 − 1) = 0.7/0.3 exactly (as the doubles 0.3 and 0.7 are): a rounded 0.3 − 1 would be off.
        let curve = try CubicBezier(x1: 0.1, y1: 0.2, x2: 0.7, y2: 0.3)
        let rise = RationalReference.Dyadic(0.3).minus(RationalReference.Dyadic(1))
        let run = RationalReference.Dyadic(0.7).minus(RationalReference.Dyadic(1))
        XCTAssertEqual(curve.slope(at: 2), RationalReference.Dyadic.nearestDouble(rise, run))
        // Vertical tangents: (1, 0, 0, 1) at 0.5 (t = 1/2 exactly) and (0, 1, 1, 0) at 0.
        XCTAssertEqual(try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1).slope(at: 0.5), .infinity)
        XCTAssertEqual(try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0).slope(at: 0), .infinity)
    }

    /// Every steps() vector of the oracle, bit for bit (the doubles beside k/n among them).
    func testStepsOracleVectors() throws {
        let rows = try VectorFileTests.rows(of: "correctly-rounded-steps.csv", columns: 4)
        XCTAssertGreaterThanOrEqual(rows.count, 1_000)
        var failures: [String] = []
        for row in rows {
            let count = try XCTUnwrap(Int(row[0]))
            let position = try XCTUnwrap(Steps.Position(keyword: row[1]))
            let (x, expected) = (try XCTUnwrap(Double(row[2])), try XCTUnwrap(Double(row[3])))
            let got = try Steps(count: count, position: position).value(at: x)
            if got.bitPattern != expected.bitPattern { failures.append("\(row.joined(separator: ",")): got \(got)") }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) differ, e.g.\n" + failures.prefix(10).joined(separator: "\n"))
    }

    /// Every spring vector of the oracle (mpmath), progress and velocity bit for bit, every regime, exact critical
    /// damping and ±2^-30 of it, times from 1e-300 s to 8,651 s.
    func testSpringOracleVectors() throws {
        let rows = try VectorFileTests.rows(of: "correctly-rounded-springs.csv", columns: 7)
        XCTAssertGreaterThanOrEqual(rows.count, 500)
        var failures: [String] = []
        for row in rows {
            let n = try row.map { try XCTUnwrap(Double($0), "\(row)") }
            let spring = try Spring(mass: n[0], stiffness: n[1], damping: n[2], initialVelocity: n[3])
            let (progress, velocity) = (spring.exactProgress(at: n[4]), spring.exactVelocity(at: n[4]))
            if progress.bitPattern != n[5].bitPattern || velocity.bitPattern != n[6].bitPattern {
                failures.append("\(row.joined(separator: ",")): got \(progress), \(velocity)")
            }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(rows.count) differ, e.g.\n"
                      + failures.prefix(10).joined(separator: "\n"))
        // The issue's example: next to t = 0 progress is tiny, not 1 − (1 − tiny) = 0.
        XCTAssertEqual(try Spring(mass: 1, stiffness: 100, damping: 10).exactProgress(at: 1e-9), 4.999999983333334e-17)
    }

    /// The issue's three examples.
    func testKnownHardInputs() throws {
        XCTAssertEqual(try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1).value(at: 0.49999999999999994), 0.49999639533696205)
        XCTAssertEqual(try Steps(count: 3, position: .jumpNone).value(at: 0.3333333333333333), 0)
        XCTAssertEqual(try CubicBezier(x1: 0, y1: 1, x2: 0, y2: 1).value(at: 1e-300), 3e-100)
        // Ends stay exact, and the extrapolation is the exact tangent's nearest double: −0.1·1/0.42 rounded once.
        let ease = CubicBezier.named["easeIn"]!
        XCTAssertEqual(ease.value(at: 0), 0)
        XCTAssertEqual(ease.value(at: 1), 1)
        XCTAssertEqual(try CubicBezier(x1: 0.3, y1: 0.1, x2: 0.7, y2: 0.9).value(at: -3), -1)
    }

    /// Outputs never decrease from one double to the next on monotone curves, next to interior vertical tangents,
    /// near-singular points and both ends (correct rounding implies it; a first-order solver breaks it).
    func testMonotoneAtAdjacentDoubles() throws {
        let curves: [(CubicBezier, [Double])] = [
            (try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1), [0.5]),
            (try CubicBezier(x1: 1, y1: 0.2, x2: 0, y2: 0.8), [0.5]),
            (try CubicBezier(x1: 1 - 1e-12, y1: 0, x2: 1e-12, y2: 1), [0.5]),
            (try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0), [0x1p-30, 0.5, 1 - 0x1p-30]),
            (try CubicBezier(x1: 0, y1: 1, x2: 0, y2: 1), [1e-300, 0x1p-60, 0.25]),
        ]
        var decreases: [String] = []
        let fewer = try curves.map { (try CubicBezier(x1: $0.0.x1, y1: $0.0.y1, x2: $0.0.x2, y2: $0.0.y2,
                                                      evaluations: .few), $0.1) }
        for (curve, centres) in curves + fewer {
            for centre in centres {
                var x = centre
                for _ in 0..<300 { x = x.nextDown }
                var previous = curve.value(at: x)
                for _ in 0..<600 {
                    x = x.nextUp
                    let y = curve.value(at: x)
                    if y < previous { decreases.append("\(curve) at \(x): \(y) < \(previous)") }
                    previous = y
                }
            }
            // The 2^-k ladder down to the subnormals.
            var previous = 0.0
            for k in stride(from: 1074, through: 1, by: -1) {
                let y = curve.value(at: Double(sign: .plus, exponent: -k, significand: 1))
                if y < previous { decreases.append("\(curve) at 2^-\(k): \(y) < \(previous)") }
                previous = y
            }
        }
        XCTAssertTrue(decreases.isEmpty, decreases.prefix(10).joined(separator: "\n"))
    }

    /// linear(): against exact rational interpolation computed here with integers (every double is an integer times
    /// 2^-1126 scaled), at random inputs and at the doubles beside the stops.
    func testLinearEasingExact() throws {
        let easing = try LinearEasing(stops: [.init(output: 0), .init(output: 0.3, inputPercent: 33.3),
                                              .init(output: 0.1, inputPercent: 70), .init(output: 1)])
        var generator = SystemRandomNumberGenerator()
        var inputs = (0..<2_000).map { _ in Double.random(in: -0.5...1.5, using: &generator) }
        for stop in [0.333, 0.7, 0.0, 1.0] { inputs += [stop, stop.nextUp, stop.nextDown] }
        for x in inputs {
            let got = easing.value(at: x)
            let expected = RationalReference.linear(stops: easing.stops, at: x)
            XCTAssertEqual(got.bitPattern, expected.bitPattern, "linear at \(x): \(got) vs \(expected)")
        }
    }

    /// linear() with many stops, as a spring approximated for CSS has, with repeated inputs (jumps) and flat runs: the
    /// segment found by binary search, against the rational oracle's scan of every stop, at random inputs and at every
    /// stop's input and its neighbouring doubles.
    func testLinearEasingWithManyStopsExact() throws {
        var generator = SplitMix64(seed: 53)
        var stops: [LinearEasing.Stop] = [.init(output: 0, inputPercent: 0)]
        var input = 0.0
        for index in 1..<48 {
            // Every seventh stop repeats the previous input (a jump); every fifth repeats its output (a flat run).
            if index % 7 != 0 { input += Double.random(in: 0.5...4, using: &generator) }
            let output = index % 5 == 0 ? stops[index - 1].output : Double.random(in: -0.2...1.2, using: &generator)
            stops.append(.init(output: output, inputPercent: input))
        }
        stops.append(.init(output: 1))
        let easing = try LinearEasing(stops: stops)
        XCTAssertEqual(easing.stops.count, 49)
        var inputs = (0..<2_000).map { _ in Double.random(in: -0.2...1.2, using: &generator) }
        for stop in easing.stops {
            let x = stop.inputPercent / 100
            inputs += [x, x.nextUp, x.nextDown]
        }
        for x in inputs {
            let got = easing.value(at: x)
            let expected = RationalReference.linear(stops: easing.stops, at: x)
            XCTAssertEqual(got.bitPattern, expected.bitPattern, "at \(x): \(got) vs \(expected)")
        }
    }

    /// An exact 0 on a tangent line is +0, as the nearest double to the real number 0 is: the line past 1 through
    /// (p, q) with p − 1 = −1 gave MPFR's 0/(−1), −0, in both representations and on the exact path. (Found by a
    /// helper's mpmath oracle.)
    func testAnExactZeroOnATangentIsPositiveZero() throws {
        let cases: [(CubicBezier, Double)] = [
            (try CubicBezier(x1: 0.5, y1: 2, x2: 0, y2: 2), 2),
            (try CubicBezier(x1: 0, y1: 0, x2: 0.5, y2: 3), 1.25),
            (try CubicBezier(x1: 0.5, y1: 1.5, x2: 1, y2: 0), 2),
            (try CubicBezier(x1: 0.5, y1: -1, x2: 0.5, y2: 0.5), -0.0),
        ]
        for (curve, x) in cases {
            let few = try CubicBezier(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2, evaluations: .few)
            for value in [curve.value(at: x), few.value(at: x), curve.exactValue(at: x)] {
                XCTAssertEqual(value.bitPattern, 0.0.bitPattern, "\(curve) at \(x): \(value)")
            }
        }
    }

    /// linear() with stops at tiny, subnormal and huge inputs, and at round percentages: the stop comparison
    /// A ≤ 100x is decided from the rounded product s = fl(100x) except where A = s, where the product's rounding error
    /// decides (Dekker's product in [2^-900, 2^900], the exact sum outside). Against the rational oracle at the 81
    /// doubles around each stop's x = A/100, where 100x rounds to A or next to it, at the stops themselves, where
    /// the answer is the stop's output with no arithmetic, and on the ladder ±2^-k, where products underflow.
    func testLinearEasingStopsAtExtremeInputsExact() throws {
        let easings = [
            try LinearEasing(stops: [.init(output: 0), .init(output: 0.5, inputPercent: 1e-300),
                                     .init(output: 0.75, inputPercent: 3e-320), .init(output: 1)]),
            try LinearEasing(stops: [.init(output: -2), .init(output: 0.5, inputPercent: 1e300),
                                     .init(output: 3, inputPercent: 1.5e300)]),
            try LinearEasing(stops: [.init(output: 0.1), .init(output: 0.9, inputPercent: 7),
                                     .init(output: 0.3, inputPercent: 33.3), .init(output: 1, inputPercent: 0x1p-1000)]),
            try LinearEasing(stops: [.init(output: 0), .init(output: 0.7, inputPercent: 1e-318),
                                     .init(output: 0.2, inputPercent: 3.3e-318), .init(output: 1, inputPercent: 1e-310),
                                     .init(output: 1)]),
            try LinearEasing(stops: [.init(output: 0), .init(output: 1e250, inputPercent: 1e250)]),
            try LinearEasing(stops: [.init(output: 1), .init(output: 0, inputPercent: 20),
                                     .init(output: 0, inputPercent: 40), .init(output: 1)]),
        ]
        var compared = 0
        for easing in easings {
            for stop in easing.stops {
                let centre = stop.inputPercent / 100
                var x = centre
                for _ in 0..<40 { x = x.nextDown }
                for _ in 0...80 {
                    let got = easing.value(at: x)
                    let expected = RationalReference.linear(stops: easing.stops, at: x)
                    XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(easing) at \(x): \(got) vs \(expected)")
                    compared += 1
                    x = x.nextUp
                }
            }
            // The ladder ±2^-k down to the subnormals: fractions far below the width, distances that underflow.
            for k in 1...1074 {
                for x in [Double(sign: .plus, exponent: -k, significand: 1), Double(sign: .minus, exponent: -k, significand: 1.5)] {
                    let got = easing.value(at: x)
                    let expected = RationalReference.linear(stops: easing.stops, at: x)
                    XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(easing) at \(x): \(got) vs \(expected)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, easings.reduce(0) { $0 + 81 * $1.stops.count + 2 * 1074 })
    }

    /// linear()'s slope: 100·(y_b − y_a)/(B − A) on the segment `value(at:)` uses, rounded once, against BigInt
    /// rationals, at random inputs and beside every stop (the rounded form (y_b − y_a)/(B/100 − A/100) rounds three
    /// times and misses on stops such as 33.3 % and 70 %).
    func testLinearEasingSlopeExact() throws {
        let easings = [
            try LinearEasing(stops: [.init(output: 0), .init(output: 0.3, inputPercent: 33.3),
                                     .init(output: 0.1, inputPercent: 70), .init(output: 1)]),
            try LinearEasing(stops: [.init(output: 1e-5), .init(output: 0.7, inputPercent: 1e-7),
                                     .init(output: 0.7, inputPercent: 50), .init(output: -3, inputPercent: 66.7),
                                     .init(output: 1, inputPercent: 66.7), .init(output: 1)]),
        ]
        var generator = SplitMix64(seed: 61)
        var misses = 0
        for easing in easings {
            var inputs = (0..<300).map { _ in Double.random(in: -0.5...1.5, using: &generator) }
            for stop in easing.stops { inputs += [stop.inputPercent / 100, (stop.inputPercent / 100).nextUp,
                                                  (stop.inputPercent / 100).nextDown] }
            for x in inputs {
                let expected: Double
                switch RationalReference.interpolation(stops: easing.stops, at: x) {
                case .stop: expected = 0
                case .quotient:
                    let (a, b) = RationalReference.segment(stops: easing.stops, at: x)
                    let rise = RationalReference.Dyadic(b.output).minus(RationalReference.Dyadic(a.output))
                        .times(RationalReference.Dyadic(100))
                    let width = RationalReference.Dyadic(b.inputPercent).minus(RationalReference.Dyadic(a.inputPercent))
                    expected = RationalReference.Dyadic.nearestDouble(rise, width)
                    let (ia, ib) = (a.inputPercent / 100, b.inputPercent / 100)
                    if (b.output - a.output) / (ib - ia) != expected { misses += 1 }
                }
                let got = easing.slope(at: x)
                XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(easing) slope at \(x): \(got) vs \(expected)")
            }
        }
        // The rounded form the exact slope replaced misses on these stops.
        XCTAssertGreaterThan(misses, 0)
    }

    /// linear() with round stops, where the exact value is often exactly halfway between two doubles (1.25·x on the
    /// first segment, 0.25 + (100x − 40)/80 on the last): against the same rational oracle, at random inputs and at
    /// inputs built to be ties, so that the exact midpoint comparison (`LinearEasing.nearerNeighbour`) is held to an
    /// independent path where it decides most.
    func testLinearEasingTiesExact() throws {
        let easings = [
            try LinearEasing(stops: [.init(output: 0), .init(output: 0.25, inputPercent: 20),
                                     .init(output: 0.25, inputPercent: 40), .init(output: 1)]),
            try LinearEasing(stops: [.init(output: 0), .init(output: 0.5, inputPercent: 25), .init(output: 1)]),
            try LinearEasing(stops: [.init(output: -1), .init(output: 3, inputPercent: 50), .init(output: 1)]),
        ]
        var generator = SplitMix64(seed: 47)
        var inputs = (0..<3_000).map { _ in Double.random(in: -0.25...1.25, using: &generator) }
        // Inputs with their last significand bits set, whose 1.25·x and (100x − 40)/80 need one bit too many.
        inputs += (0..<1_000).map { _ in
            Double(sign: .plus, exponent: -3, significand: 1 + Double(UInt64.random(in: 0..<(1 << 52), using: &generator) | 1) * 0x1p-52)
        }
        // Exact zeros and stops, which the rounding test's absolute floor cannot certify.
        inputs += [0, -0.0, 0.2, 0.25, 0.4, 0.5, 1, 0.2.nextUp, 0.4.nextDown]
        var ties = 0
        for easing in easings {
            for x in inputs {
                let got = easing.value(at: x)
                let expected = RationalReference.linear(stops: easing.stops, at: x)
                XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(easing) at \(x): \(got) vs \(expected)")
                if RationalReference.isTie(stops: easing.stops, at: x) { ties += 1 }
            }
        }
        // The oracle confirms that the inputs hold many exact ties.
        XCTAssertGreaterThan(ties, 500)
    }
}

/// Exact rational arithmetic with attaswift/BigInt integers: just enough for linear()'s reference, independent of MPFR
/// and of double-double arithmetic.
enum RationalReference {
    /// The double nearest the exact linear() interpolation at x (CSS's stop choice, in exact comparisons).
    static func linear(stops: [(output: Double, inputPercent: Double)], at x: Double) -> Double {
        switch interpolation(stops: stops, at: x) {
        case .stop(let output): return output
        case .quotient(let numerator, let width): return Dyadic.nearestDouble(numerator, width)
        }
    }

    /// Whether the exact linear() value at x lies exactly halfway between two normal doubles: a dyadic number (the
    /// width's odd part divides the numerator) whose odd integer part has exactly 54 significant bits.
    static func isTie(stops: [(output: Double, inputPercent: Double)], at x: Double) -> Bool {
        guard case .quotient(let numerator, let width) = interpolation(stops: stops, at: x), numerator.m != 0 else {
            return false
        }
        let divisor = width.m.magnitude >> width.m.magnitude.trailingZeroBitCount
        let (quotient, remainder) = numerator.m.magnitude.quotientAndRemainder(dividingBy: divisor)
        guard remainder == 0 else { return false }
        return (quotient >> quotient.trailingZeroBitCount).bitWidth == 54
    }

    /// The exact linear() value at x by CSS's stop choice: a stop's output where the segment is a jump, else the
    /// quotient numerator/width of y_a·(B − A) + (y_b − y_a)·(100x − A) by B − A.
    enum Interpolation {
        case stop(Double)
        case quotient(Dyadic, Dyadic)
    }

    /// The two stops CSS's rule picks at x, by exact comparisons over every stop.
    static func segment(stops: [(output: Double, inputPercent: Double)], at x: Double)
        -> ((output: Double, inputPercent: Double), (output: Double, inputPercent: Double))
    {
        let hundredX = Dyadic(x).times(Dyadic(100))
        var index = 0
        for candidate in stops.indices where Dyadic(stops[candidate].inputPercent).minus(hundredX).m.signum() <= 0 {
            index = candidate
        }
        if index == stops.count - 1 { index -= 1 }
        return (stops[index], stops[index + 1])
    }

    /// See `Interpolation`.
    static func interpolation(stops: [(output: Double, inputPercent: Double)], at x: Double) -> Interpolation {
        let hundredX = Dyadic(x).times(Dyadic(100))
        let (a, b) = segment(stops: stops, at: x)
        if a.inputPercent == b.inputPercent { return .stop(b.output) }
        let ya = Dyadic(a.output), yb = Dyadic(b.output), pa = Dyadic(a.inputPercent), pb = Dyadic(b.inputPercent)
        let width = pb.minus(pa)
        return .quotient(ya.times(width).plus(yb.minus(ya).times(hundredX.minus(pa))), width)
    }

    /// m·2^e with an arbitrary-size integer m.
    struct Dyadic {
        var m: BigInt
        var e: Int

        init(m: BigInt, e: Int) { (self.m, self.e) = (m, e) }

        init(_ d: Double) {
            guard d != 0 else { self.init(m: 0, e: 0); return }
            let significand = BigInt(d.significandBitPattern | (d.isNormal ? 1 << 52 : 0))
            self.init(m: d < 0 ? -significand : significand, e: d.isNormal ? Int(d.exponent) - 52 : -1074)
        }

        func plus(_ other: Dyadic) -> Dyadic {
            let e0 = min(e, other.e)
            return Dyadic(m: (m << (e - e0)) + (other.m << (other.e - e0)), e: e0)
        }

        func minus(_ other: Dyadic) -> Dyadic { plus(Dyadic(m: -other.m, e: other.e)) }
        func times(_ other: Dyadic) -> Dyadic { Dyadic(m: m * other.m, e: e + other.e) }

        /// The double nearest a/b (b ≠ 0), ties to even, with gradual underflow.
        static func nearestDouble(_ a: Dyadic, _ b: Dyadic) -> Double {
            if a.m == 0 { return 0 }
            let negative = (a.m < 0) != (b.m < 0)
            let (ma, mb) = (a.m.magnitude, b.m.magnitude)
            // |a/b| = (ma·2^extra / mb)·2^(ea − eb − extra), the integer quotient at least 60 bits wide.
            let extra = max(0, mb.bitWidth - ma.bitWidth + 60)
            let (q, r) = (ma << extra).quotientAndRemainder(dividingBy: mb)
            var exponent = a.e - b.e - extra
            let top = exponent + q.bitWidth - 1
            let lowest = max(top - 52, -1074)
            let drop = lowest - exponent
            var kept = q >> drop
            let dropped = q - (kept << drop)
            let half = BigUInt(1) << (drop - 1)
            if dropped > half || (dropped == half && (r != 0 || kept & 1 == 1)) { kept += 1 }
            exponent = lowest
            let value = Double(sign: .plus, exponent: exponent, significand: Double(kept))
            return negative ? -value : value
        }
    }
}
