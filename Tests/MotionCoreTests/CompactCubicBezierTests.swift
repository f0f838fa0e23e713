import MotionCore
import XCTest

final class CompactCubicBezierTests: XCTestCase {
    func testValidatesLikeCubicBezierAndKeepsItsTolerance() throws {
        let compact = try CompactCubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        let full = CompactCubicBezier(try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        XCTAssertEqual(compact, full)
        XCTAssertThrowsError(try CompactCubicBezier(x1: 1.1, y1: 0, x2: 1, y2: 1)) { error in
            XCTAssertTrue("\(error)".contains("x1 = 1.1 is outside [0, 1]"), "\(error)")
        }
        XCTAssertThrowsError(try CompactCubicBezier(x1: 0.5, y1: .nan, x2: 1, y2: 1))
        XCTAssertThrowsError(try CompactCubicBezier(x1: 0.5, y1: 0, x2: -0.1, y2: 1))
    }

    func testAgreesWithCubicBezierOnThePresets() throws {
        for (name, curve) in CubicBezier.applePresets {
            let compact = CompactCubicBezier(curve), tabulated = TabulatedCubicBezier(compact)
            for step in 0...1_000 {
                let x = Double(step) / 1_000
                XCTAssertEqual(compact.value(at: x), curve.value(at: x), accuracy: 2e-13, "\(name) at \(x)")
                XCTAssertEqual(tabulated.eased(x), curve.value(at: x), accuracy: 2e-13, "\(name) at \(x)")
            }
        }
    }

    /// The batch solve's table fits well enough that one certified Newton step finishes almost every interior input,
    /// including curves that start or end flat (tabulated in √X) — a regression here costs speed, not accuracy — and
    /// its results agree with the scalar path, in both frames and at the node boundaries.
    func testBatchFinishesAlmostEveryInputInOneStep() throws {
        let curves: [(String, CubicBezier)] = CubicBezier.applePresets.map { ($0.name, $0.curve) } + [
            ("material3-standard", .material3Standard), ("material-standard", .materialStandard),
            ("material-decelerate", .materialDecelerate), ("material-accelerate", .materialAccelerate),
            ("(0,1,1,0)", try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
        ]
        let count = 20_000
        for (name, curve) in curves {
            let tabulated = TabulatedCubicBezier(CompactCubicBezier(curve))
            // Interior inputs, evenly spaced and offset so that some fall next to 0, 0.5 and 1.
            var values = (0..<count).map { (Double($0) + 0.5) / Double(count) }
            let inputs = values
            let unfinished = values.withUnsafeMutableBufferPointer { tabulated.ease($0.baseAddress!, count: count) }
            XCTAssertLessThanOrEqual(unfinished, count / 1_000, "\(name): \(unfinished) of \(count) needed more steps")
            for (x, y) in zip(inputs, values) {
                XCTAssertEqual(y, curve.value(at: x), accuracy: 2e-13, "\(name) at \(x)")
            }
        }
        XCTAssertTrue(TabulatedCubicBezier(CompactCubicBezier(.easeIn)).coordinateIsRoot)
        XCTAssertFalse(TabulatedCubicBezier(CompactCubicBezier(.easeInOut)).coordinateIsRoot)
    }

    /// The batch reads its guesses two inputs at a time on SIMD2 lanes and the odd one out alone: every input must get
    /// the same bits either way (each eased alone takes the one-input path), in X and in √X, in both frames.
    func testPairedGuessesGiveTheBitsOfSingleInputs() throws {
        var generator = SplitMix64(seed: 3636)
        for curve in [CubicBezier.easeIn, .easeInOut, .easeOut, .ease, .materialDecelerate, try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)] {
            let tabulated = TabulatedCubicBezier(CompactCubicBezier(curve))
            var values = (0..<257).map { _ in Double.random(in: 0...1, using: &generator) } + [0, 1, 0.5, 0.5.nextUp]
            let inputs = values
            values.withUnsafeMutableBufferPointer { _ = tabulated.ease($0.baseAddress!, count: $0.count) }
            for (x, y) in zip(inputs, values) {
                XCTAssertEqual(y.bitPattern, tabulated.eased(x).bitPattern, "\(curve) at \(x)")
            }
        }
    }
}

extension TabulatedCubicBezier {
    /// The batch ease of one input, for comparing the batch table with references one input at a time.
    func eased(_ x: Double) -> Double {
        var value = x
        withUnsafeMutablePointer(to: &value) { _ = ease($0, count: 1) }
        return value
    }
}
