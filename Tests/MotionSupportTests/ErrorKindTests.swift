import MotionCore
@testable import MotionSupport
import XCTest

/// Every error type MotionSupport declares reports bad input or setup (exit code 2), as each one's documentation says:
/// none of them is a failed check. (MotionBenchCLITests' ErrorConformanceTests checks that each type is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEveryErrorIsBadInput() {
        let errors: [any MotionBenchError] = [
            OutputFileError(path: "x.json", reason: "its directory does not exist"),
            InputFileError(reason: "does not exist"),
            StrictJSONError(line: 1, column: 2, problem: "trailing comma"),
            ChildProcessError(message: "base did not finish"),
            CSVReadError(line: 2, field: 3, problem: "a quoted field is never closed"),
            EngineMemoryError(message: "--engine-memory 1 must be a whole number of MiB in 64…4194304"),
            SpecListFileError(path: "curves.json", problem: .notNonEmptyArray),
            PercentageError(message: "gate: --max-increase 'x' must be a percentage such as 2 or 2%"),
            CommandInputError(message: "eval: input 'x' is not a number"),
            TimingModelError(message: "timing: --duration 'x' is not a number"),
            OptionRangeError(message: "run: --frames 0 must be a whole number in 1…1000000"),
            SpecOptionError(message: "accuracy: --curves: 'ease' appears twice; each curve may be given once"),
        ]
        for error in errors {
            XCTAssertEqual(error.kind, .badInput, "\(type(of: error))")
            XCTAssertEqual(error.exitCode, 2, "\(type(of: error))")
            XCTAssertFalse(error.description.isEmpty, "\(type(of: error))")
        }
    }
}
