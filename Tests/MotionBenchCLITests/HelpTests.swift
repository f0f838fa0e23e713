import Foundation
import XCTest

/// Every command's help carries examples, and each example names its own command.
final class HelpTests: XCTestCase {
    func testEveryCommandHasExamples() throws {
        for command in ["eval", "convert", "settle", "timing", "interpolate", "run", "compare", "accuracy", "baseline", "gate"] {
            let help = try CommandRunner.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            guard let range = help.standardOutput.range(of: "EXAMPLES:\n") else {
                XCTFail("\(command) --help has no EXAMPLES")
                continue
            }
            let examples = help.standardOutput[range.upperBound...].prefix { _ in true }
            XCTAssertTrue(examples.contains("motionbench \(command)"), "\(command): \(examples)")
        }
    }
}
