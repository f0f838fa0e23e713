import MotionCore
@testable import MotionReports
import XCTest

/// MotionReports' error types report bad input (exit code 2), as their documentation says. (MotionBenchCLITests'
/// ErrorConformanceTests checks that each error type declared in the module is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEveryErrorIsBadInput() {
        let error: any MotionBenchError = ReferenceFailure(spring: "stiff", detail: "the step size fell below 1e-300")
        XCTAssertEqual(error.kind, .badInput)
        XCTAssertEqual(error.exitCode, 2)
        XCTAssertTrue(error.description.contains("'stiff'"), error.description)
        let samples: any MotionBenchError = MeasuredSamplesError(file: "c.csv", line: 3, column: "spec", message: "does not parse")
        XCTAssertEqual(samples.kind, .badInput)
        XCTAssertEqual(samples.exitCode, 2)
        XCTAssertEqual(samples.description, "c.csv line 3, column 'spec': does not parse")
        let shape: any MotionBenchError = SearchShapeError(round: 2, expected: [3, 0], received: [2, 0])
        XCTAssertEqual(shape.kind, .badInput)
        XCTAssertEqual(shape.exitCode, 2)
        XCTAssertEqual(shape.description, "search round 2: expected [3, 0] outputs per subject, received [2, 0]")
        let curve: any MotionBenchError = SpringSpecError(message: "settle: 'ease' is a timing curve; settle needs a spring")
        XCTAssertEqual(curve.kind, .badInput)
        XCTAssertEqual(curve.exitCode, 2)
    }
}
