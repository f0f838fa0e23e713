import MotionCore
import MotionOutput
import XCTest

/// Every error type MotionOutput declares reports bad input (exit code 2). (MotionBenchCLITests' ErrorConformanceTests
/// checks that each type is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEveryErrorIsBadInput() throws {
        // A real one: a dashboard format asked to stream rows.
        var caught: (any MotionBenchError)?
        do {
            _ = try RowStream(columns: ["x"], format: .bmf)
        } catch let error as ReportFormatError {
            caught = error
        }
        let errors: [any MotionBenchError] = [try XCTUnwrap(caught), ReportFormatError(format: "junit", reportType: "AccuracyReport")]
        for error in errors {
            XCTAssertEqual(error.kind, .badInput, "\(type(of: error))")
            XCTAssertEqual(error.exitCode, 2, "\(type(of: error))")
            XCTAssertTrue(error.description.contains("cannot render"), error.description)
        }
    }
}
