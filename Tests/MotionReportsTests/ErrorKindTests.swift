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
    }
}
