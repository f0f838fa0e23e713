@testable import MotionCore
import MotionReference
import XCTest

/// Holds the compact and tabulated Bézier solvers (the batch evaluator's) to the GSL reference within the bound that
/// `CubicBezier` documents.
final class CompactBezierReferenceTests: XCTestCase {
    private func allowed(y1: Double, y2: Double, slope: Double) -> Double {
        1e-12 + 4e-16 * abs(slope) + 8 * 0x1p-53 * max(1, abs(y1), abs(y2))
    }

    private func input(_ generator: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return Double.random(in: 0..<1e-3, using: &generator) * Double.random(in: 1e-12...1, using: &generator)
        case 1: return 1 - Double.random(in: 0..<1e-3, using: &generator) * Double.random(in: 1e-12...1, using: &generator)
        case 2: return 0.5 + Double.random(in: -1e-6...1e-6, using: &generator)
        default: return Double.random(in: 0...1, using: &generator)
        }
    }

    func testRandomCurvesMeetTheDocumentedBound() throws {
        var generator = SplitMix64(seed: 0x636F_6D70)
        var worstRatio = 0.0
        for index in 0..<30_000 {
            let yRange: ClosedRange<Double> = index % 10 == 0 ? -50...50 : -2...3
            let curve = try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: yRange, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: yRange, using: &generator))
            let compact = CompactCubicBezier(curve)
            let tabulated = index % 3 == 0 ? TabulatedCubicBezier(compact) : nil
            for _ in 0..<3 {
                let x = input(&generator)
                let reference = BezierReference.evaluate(curve, at: x)
                let bound = allowed(y1: curve.y1, y2: curve.y2, slope: reference.slope)
                for (name, value) in [("compact", compact.value(at: x)), ("tabulated", tabulated?.eased(x))] {
                    guard let value else { continue }
                    let error = abs(value - reference.value)
                    worstRatio = max(worstRatio, error / bound)
                    XCTAssertLessThanOrEqual(error, bound, "\(name) \(curve) at \(x): \(value) vs GSL \(reference.value)")
                }
            }
        }
        print("compact and tabulated Béziers: largest error/bound \(worstRatio)")
    }

    /// The batch form (`TabulatedCubicBezier.ease`), on blocks that mix the ends with interior inputs.
    func testBatchEaseMeetsTheBound() throws {
        var generator = SplitMix64(seed: 0x6561_7365)
        for index in 0..<3_000 {
            let yRange: ClosedRange<Double> = index % 10 == 0 ? -50...50 : -2...3
            let curve = try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: yRange, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: yRange, using: &generator))
            let tabulated = TabulatedCubicBezier(CompactCubicBezier(curve))
            let count = Int.random(in: 1...40, using: &generator)
            let inputs = (0..<count).map { _ -> Double in
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: return 0
                case 1: return 1
                default: return input(&generator)
                }
            }
            var values = inputs
            values.withUnsafeMutableBufferPointer { tabulated.ease($0.baseAddress!, count: count) }
            for (x, value) in zip(inputs, values) {
                if x == 0 || x == 1 {
                    XCTAssertEqual(value, x, "\(curve): the ends map exactly")
                    continue
                }
                let reference = BezierReference.evaluate(curve, at: x)
                XCTAssertLessThanOrEqual(abs(value - reference.value), allowed(y1: curve.y1, y2: curve.y2, slope: reference.slope),
                                         "\(curve) at \(x)")
            }
        }
    }

    /// The batch form for layers with their own curves (`BezierColumns.ease`): a fixed number of Newton steps from the
    /// coarse guess, certified, with the complete solve where the certificate fails.
    func testOwnCurveBatchMeetsTheBound() throws {
        var generator = SplitMix64(seed: 0x6F77_6E)
        let count = LayerBlock.size
        for round in 0..<400 {
            let columns = LayerColumns(columns: BezierColumns.columnCount, count: count)
            let curves = BezierColumns(columns, first: 0)
            var stored: [CubicBezier] = [], inputs: [Double] = []
            for layer in 0..<count {
                let yRange: ClosedRange<Double> = (round + layer) % 10 == 0 ? -50...50 : -2...3
                let curve = try CubicBezier(
                    x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: yRange, using: &generator),
                    x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: yRange, using: &generator))
                curves.set(layer, CompactCubicBezier(curve))
                stored.append(curve)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: inputs.append(0)
                case 1: inputs.append(1)
                default: inputs.append(input(&generator))
                }
            }
            var values = inputs
            values.withUnsafeMutableBufferPointer { curves.ease($0.baseAddress!, layers: 0..<count) }
            for layer in 0..<count {
                let x = inputs[layer], curve = stored[layer]
                if x == 0 || x == 1 {
                    XCTAssertEqual(values[layer], x)
                    continue
                }
                let reference = BezierReference.evaluate(curve, at: x)
                XCTAssertLessThanOrEqual(abs(values[layer] - reference.value),
                                         allowed(y1: curve.y1, y2: curve.y2, slope: reference.slope), "\(curve) at \(x)")
            }
        }
    }

    func testHardCurvesAndEndpoints() throws {
        let hard = [(1.0, 0.0, 0.0, 1.0), (0, 1, 1, 0), (0.99, 0, 0.01, 1), (0.001, 0, 0.999, 1), (0, 0, 1, 1), (0.42, 0, 0.58, 1)]
        for (x1, y1, x2, y2) in hard {
            let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let compact = CompactCubicBezier(curve), tabulated = TabulatedCubicBezier(compact)
            XCTAssertEqual(compact.value(at: 0), 0)
            XCTAssertEqual(compact.value(at: 1), 1)
            XCTAssertEqual(tabulated.eased(0), 0)
            XCTAssertEqual(tabulated.eased(1), 1)
            for step in 1..<2_000 {
                let x = Double(step) / 2_000
                let reference = BezierReference.evaluate(curve, at: x)
                let bound = allowed(y1: y1, y2: y2, slope: reference.slope)
                XCTAssertLessThanOrEqual(abs(compact.value(at: x) - reference.value), bound, "\(curve) at \(x)")
                XCTAssertLessThanOrEqual(abs(tabulated.eased(x) - reference.value), bound, "\(curve) at \(x)")
            }
            // Outside [0, 1] both follow the CSS tangents, as CubicBezier does.
            for x in [-0.5, 1.5] { XCTAssertEqual(compact.value(at: x), curve.value(at: x), accuracy: 1e-15) }
        }
        XCTAssertEqual(MemoryLayout<CompactCubicBezier>.size, 40)
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
