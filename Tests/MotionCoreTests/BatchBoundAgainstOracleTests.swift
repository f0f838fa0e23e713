@testable import MotionCore
import XCTest

/// The batch kernels are not correctly rounded; their documented bound, |y − y*| ≤ 1e-12 + 4e-16·|dy/dx| +
/// 8·2^-53·max(1, |y1|, |y2|), is held here against the correctly rounded answers of the exact-integer oracle
/// (`data/vectors/correctly-rounded-bezier.csv`, shares no rule with MotionCore) at every one of its inputs: next to
/// interior vertical tangents, near-singular curves, the ends down to subnormal inputs, extreme control values,
/// presets and random curves. dy/dx is the correctly rounded slope (`slope(at:)`, itself held to the oracle's slopes
/// in `CorrectlyRoundedTests`); where it is infinite the bound says nothing, and only finiteness is checked.
final class BatchBoundAgainstOracleTests: XCTestCase {
    /// A kernel: its name, and for a curve (built once per curve, as a frame evaluator builds it once per layer) its
    /// output at an input.
    private typealias Kernel = (name: String, build: (CubicBezier) -> (Double) -> Double)

    /// The kernels the frame evaluator and the tables run, one input at a time through their batch entry points.
    private let kernels: [Kernel] = [
        ("CubicBezier rows (approximateValue)", { curve in
            let rows = curve.withCertifiedRows()
            return { rows.approximateValue(at: $0) }
        }),
        ("CompactCubicBezier", { curve in
            let compact = CompactCubicBezier(curve)
            return { compact.value(at: $0) }
        }),
        ("TabulatedCubicBezier.ease", { curve in
            let table = TabulatedCubicBezier(CompactCubicBezier(curve))
            return { x in
                var value = x
                table.ease(&value, count: 1)
                return value
            }
        }),
        ("BezierColumns.ease", { curve in
            let columns = LayerColumns(columns: BezierColumns.columnCount, count: 1)
            let curves = BezierColumns(columns, first: 0)
            curves.set(0, CompactCubicBezier(curve))
            return { x in
                withExtendedLifetime(columns) {
                    var value = x
                    curves.ease(&value, layers: 0..<1)
                    return value
                }
            }
        }),
    ]

    func testBatchKernelsStayWithinTheirBoundOfTheCorrectlyRoundedAnswer() throws {
        let rows = try VectorFileTests.rows(of: "correctly-rounded-bezier.csv", columns: 7)
        XCTAssertGreaterThanOrEqual(rows.count, 10_000)
        var curves: [[Double]: (curve: CubicBezier, kernels: [(Double) -> Double])] = [:]
        // Per kernel: the largest error/bound and where; per kernel and note group: the largest error.
        var worst = [String: (ratio: Double, at: String)]()
        var failures: [String] = []
        var bounded = 0
        for row in rows {
            let numbers = try row[0..<6].map { try XCTUnwrap(Double($0), "\(row)") }
            let key = Array(numbers[0..<4])
            if curves[key] == nil {
                let curve = try CubicBezier(x1: key[0], y1: key[1], x2: key[2], y2: key[3])
                curves[key] = (curve, kernels.map { $0.build(curve) })
            }
            let (curve, evaluators) = try XCTUnwrap(curves[key])
            let (x, exact) = (numbers[4], numbers[5])
            let slope = curve.slope(at: x)
            let bound = 1e-12 + 4e-16 * abs(slope) + 8 * 0x1p-53 * max(1, abs(curve.y1), abs(curve.y2))
            if bound.isFinite { bounded += 1 }
            for (kernel, evaluate) in zip(kernels, evaluators) {
                let value = evaluate(x)
                guard value.isFinite else {
                    failures.append("\(kernel.name) at \(row.joined(separator: ",")): \(value)")
                    continue
                }
                guard bound.isFinite else { continue }
                // |value − exact| in double-double, so that the check itself does not round the error away.
                let difference = DoubleDouble.sum(value, -exact)
                let error = abs(difference.high + difference.low)
                let ratio = error / bound
                if ratio > 1 { failures.append("\(kernel.name) at \(row.joined(separator: ",")): \(value), ratio \(ratio)") }
                if ratio > worst[kernel.name, default: (0, "")].ratio {
                    worst[kernel.name] = (ratio, "\(row.joined(separator: ",")) → \(value)")
                }
            }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) outside the bound, e.g.\n" + failures.prefix(10).joined(separator: "\n"))
        XCTAssertGreaterThan(bounded, 9_000, "most vectors have a finite slope and so a finite bound")
        // The figures docs/solver.md quotes (printed, not asserted beyond the bound itself).
        for kernel in kernels {
            let entry = worst[kernel.name, default: (0, "none")]
            print("batch bound against the oracle: \(kernel.name): worst error/bound \(entry.ratio) at \(entry.at)")
        }
    }
}
