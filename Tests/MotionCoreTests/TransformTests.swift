import MotionCore
import XCTest

final class TransformTests: XCTestCase {
    private func assertClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        let worst = zip(a.entries, b.entries).map { abs($0 - $1) }.max()!
        XCTAssertLessThanOrEqual(worst, tolerance, "\(message): \(a) vs \(b)", file: file, line: line)
    }

    func testInterpolationVectors() throws {
        let rows = try VectorFileTests.rowsSeparated(by: ";", of: "transform-interpolation.csv", columns: 5)
        XCTAssertGreaterThanOrEqual(rows.count, 14)
        for row in rows {
            let from = try TransformList(spec: row[0]), to = try TransformList(spec: row[1])
            let progress = try XCTUnwrap(Double(row[2]))
            let expected = try TransformList(spec: row[3]).matrix
            assertClose(TransformList.interpolate(from: from, to: to, at: progress), expected, 1e-12, row[4])
        }
    }

    func testConventionsMatchCoreAnimation() {
        // Row vectors: (1, 0, 0)·rotate(90°) = (0, 1, 0); translation sits in m41…m43; perspective in m34.
        let rotated = Transform3D.rotation(Double.pi / 2, x: 0, y: 0, z: 1).apply(x: 1, y: 0)
        XCTAssertEqual(rotated.x, 0, accuracy: 1e-15)
        XCTAssertEqual(rotated.y, 1, accuracy: 1e-15)
        XCTAssertEqual(Transform3D.translation(3, 4, 5)[4, 3], 5)
        XCTAssertEqual(Transform3D.perspective(1500)[3, 4], -1.0 / 1500)
        // A point 750 points toward the viewer with d = 1500 is drawn twice as large (w' = 1 − z/d).
        let projected = Transform3D.perspective(1500).apply(x: 10, y: 0, z: 750)
        XCTAssertEqual(projected.x, 20, accuracy: 1e-12)
        // CATransform3DConcat(a, b) applies a first.
        let moved = Transform3D.scale(2, 2).concatenating(.translation(5, 0)).apply(x: 1, y: 0)
        XCTAssertEqual(moved.x, 7)
    }

    func testInverseAndDeterminant() throws {
        var generator = SplitMix64(seed: 8)
        for _ in 0..<100 {
            let m = Transform3D.rotation(.random(in: -3...3, using: &generator), x: 1, y: 2, z: 3)
                .concatenating(.scale(2, 0.5, 3)).concatenating(.translation(4, -2, 7)).concatenating(.perspective(800))
            let inverse = try XCTUnwrap(m.inverted())
            assertClose(m.concatenating(inverse), .identity, 1e-12, "M·M⁻¹")
            XCTAssertEqual(m.determinant * inverse.determinant, 1, accuracy: 1e-12)
        }
        XCTAssertNil(Transform3D.scale(0, 1).inverted())
    }

    func testDecompositionRoundTrips() throws {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<1_000 {
            let m = Transform3D.scale(.random(in: 0.5...2, using: &generator), .random(in: 0.5...2, using: &generator),
                                      .random(in: -2...(-0.5), using: &generator))
                .concatenating(.skew(.random(in: -0.5...0.5, using: &generator), .random(in: -0.5...0.5, using: &generator)))
                .concatenating(.rotation(.random(in: -3...3, using: &generator), x: .random(in: -1...1, using: &generator),
                                         y: .random(in: -1...1, using: &generator), z: .random(in: -1...1, using: &generator)))
                .concatenating(.translation(.random(in: -50...50, using: &generator), 3, -4))
                .concatenating(.perspective(.random(in: 300...2000, using: &generator)))
            let normalized = Transform3D(entries: m.entries.map { $0 / m.entries[15] })!
            let recomposed = try XCTUnwrap(DecomposedTransform(m)).recomposed
            assertClose(recomposed, normalized, 1e-12 * 50, "3-D round trip")
            XCTAssertEqual(Transform3D.interpolate(from: m, to: m, at: 0.37).entries.count, 16)
        }
        for _ in 0..<1_000 {
            let a = Double.random(in: -3...3, using: &generator), c = Double.random(in: -3...3, using: &generator)
            let m = Transform3D(entries: [a, .random(in: -3...3, using: &generator), 0, 0, c, .random(in: -3...3, using: &generator),
                                          0, 0, 0, 0, 1, 0, 5, -6, 0, 1])!
            guard let decomposed = DecomposedTransform2D(m) else { continue }
            assertClose(decomposed.recomposed, m, 1e-12, "2-D round trip")
        }
    }

    func testEndpointsAreExactAndMidpointsAreSensible() throws {
        let from = try TransformList(spec: "perspective(1500px) rotateY(0deg) scale(1)")
        let to = try TransformList(spec: "perspective(1500px) rotateY(-180deg) scale(0.8)")
        assertClose(TransformList.interpolate(from: from, to: to, at: 0), from.matrix, 0, "start")
        assertClose(TransformList.interpolate(from: from, to: to, at: 1), to.matrix, 1e-15, "end")
        let quaternionPath = Transform3D.interpolate(from: Transform3D.rotation(0, x: 0, y: 1, z: 0),
                                                     to: Transform3D.rotation(Double.pi / 2, x: 0, y: 1, z: 0), at: 0.5)
        assertClose(quaternionPath, Transform3D.rotation(Double.pi / 4, x: 0, y: 1, z: 0), 1e-15, "slerp")
    }

    func testBadTransformSpecs() {
        for spec in ["rotate(45)", "translate(1px, 2px, 3px)", "matrix(1, 2, 3)", "wobble(3)", "scale(2px)",
                     "perspective(-5px)", "rotate", "none(1)", "matrix3d(1, 0)", "translateX(1e999px)"] {
            XCTAssertThrowsError(try TransformList(spec: spec), spec)
        }
    }
}
