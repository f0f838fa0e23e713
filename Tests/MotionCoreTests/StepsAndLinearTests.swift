import MotionCore
import XCTest

final class StepsTests: XCTestCase {
    func testPositionsAndBeforeFlag() throws {
        let end = try Steps(count: 4)
        XCTAssertEqual(end.value(at: 0.24), 0)
        XCTAssertEqual(end.value(at: 0.25), 0.25)
        XCTAssertEqual(end.value(at: 1), 1)
        let start = try Steps(count: 1, position: .jumpStart)
        XCTAssertEqual(start.value(at: 0), 1)
        XCTAssertEqual(start.value(at: 0, before: true), 0)
        XCTAssertEqual(try Steps(count: 5, position: .jumpNone).value(at: 0.2), 0.25)
        XCTAssertEqual(try Steps(count: 5, position: .jumpNone).value(at: 1), 1)
        XCTAssertEqual(try Steps(count: 2, position: .jumpBoth).value(at: 0), 1.0 / 3)
        XCTAssertEqual(try Steps(count: 2, position: .jumpBoth).value(at: 1), 1)
        XCTAssertEqual(try Steps(count: 3, position: .jumpStart).value(at: 1), 1)
    }

    func testOutsideUnitInterval() throws {
        let start = try Steps(count: 2, position: .jumpStart)
        XCTAssertEqual(start.value(at: -0.1), 0)  // clamped up to 0 for p ≥ 0 only, floor(−0.2)+1 = 0
        XCTAssertEqual(start.value(at: -0.6), -0.5)  // floor(−1.2)+1 = −1, not clamped below 0
        XCTAssertEqual(try Steps(count: 2).value(at: 1.5), 1.5)  // not clamped above 1 for p > 1
    }

    func testInvalidCounts() {
        XCTAssertThrowsError(try Steps(count: 0))
        XCTAssertThrowsError(try Steps(count: 1, position: .jumpNone)) { error in
            XCTAssertEqual("\(error)", "steps: n = 1 must be an integer ≥ 2 with jump-none")
        }
    }
}

final class LinearEasingTests: XCTestCase {
    func testSerializationExamples() throws {
        XCTAssertEqual(try TimingFunction(spec: "linear(0, 0.25, 1)").description, "linear(0 0%, 0.25 50%, 1 100%)")
        XCTAssertEqual(try TimingFunction(spec: "linear(0 20%, 0.5 10%, 1)").description,
                       "linear(0 20%, 0.5 20%, 1 100%)")
        XCTAssertEqual(try TimingFunction(spec: "linear(0, 0.5 25% 75%, 1)").description,
                       "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%)")
        XCTAssertEqual(try TimingFunction(spec: "linear(0, 1 150%)").description, "linear(0 0%, 1 150%)")
        XCTAssertEqual(try TimingFunction(spec: "linear(0, 0.2, 0.4, 1 80%, 1)").description,
                       "linear(0 0%, 0.2 26.666666666666668%, 0.4 53.333333333333336%, 1 80%, 1 100%)")
    }

    func testEvaluation() throws {
        let easing = try TimingFunction(spec: "linear(0, 0.25, 1)")
        XCTAssertEqual(easing.value(at: 0.25), 0.125)
        XCTAssertEqual(easing.value(at: 0.75), 0.625)
        XCTAssertEqual(easing.value(at: 1.5), 1.75)  // extrapolates along the last segment
        XCTAssertEqual(easing.value(at: -0.5), -0.25)  // and the first
        XCTAssertEqual(easing.slope(at: 0.75), 1.5)
        let jump = try TimingFunction(spec: "linear(0, 0 50%, 1 50%, 1)")
        XCTAssertEqual(jump.value(at: 0.49), 0)
        XCTAssertEqual(jump.value(at: 0.5), 1)
        XCTAssertEqual(try TimingFunction(spec: "linear").value(at: 0.3), 0.3)
    }

    /// A single stop is a constant (CSS Working Group resolution, csswg-drafts issue 10580): kept twice at its input,
    /// so that every input, inside or outside [0, 1], gives its output; no stop at all is refused.
    func testASingleStopIsAConstant() throws {
        for (spec, serialized) in [("linear(0.5)", "linear(0.5 0%, 0.5 0%)"), ("linear(0.5 50%)", "linear(0.5 50%, 0.5 50%)"),
                                   ("linear(-2 150%)", "linear(-2 150%, -2 150%)")] {
            let easing = try TimingFunction(spec: spec)
            XCTAssertEqual(easing.description, serialized)
            XCTAssertEqual(try TimingFunction(spec: easing.description), easing, "the serialization parses back")
            let output = spec.hasPrefix("linear(-2") ? -2.0 : 0.5
            for x in [-1e300, -1, 0, 0.25, 0.5, 0.75, 1, 1.5, 1e300] {
                XCTAssertEqual(easing.value(at: x), output, "\(spec) at \(x)")
                XCTAssertEqual(easing.slope(at: x), 0, "\(spec)'s slope at \(x)")
            }
        }
        // linear(0.5 20% 80%) is two stops already: flat between them and outside.
        XCTAssertEqual(try TimingFunction(spec: "linear(0.5 20% 80%)").value(at: 0.9), 0.5)
        XCTAssertThrowsError(try TimingFunction(spec: "linear()"))
        XCTAssertThrowsError(try LinearEasing(stops: [])) { error in
            XCTAssertEqual("\(error)", "linear: stops = 0 must be at least 1")
        }
    }
}
