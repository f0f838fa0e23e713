import Foundation
import MotionCore
import MotionReports
import XCTest

/// Every command's help carries examples, and each example names its own command. The commands come from the root
/// command's own list (`--experimental-dump-help`), so a new command is checked without editing this test.
final class HelpTests: XCTestCase {
    /// The names of the subcommands `motionbench --help` shows.
    private func shownCommands() throws -> [String] {
        let dump = try CommandRunner.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.standardError)
        let object = try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any]
        let subcommands = (object?["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? []
        return subcommands.filter { $0["shouldDisplay"] as? Bool ?? true }.compactMap { $0["commandName"] as? String }
    }

    func testEveryCommandHasExamples() throws {
        let commands = try shownCommands()
        // The README's two commands and the gate at least: an empty list would check nothing.
        XCTAssertTrue(Set(["eval", "run", "gate"]).isSubset(of: commands), "\(commands)")
        for command in commands where command != "help" {
            let help = try CommandRunner.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            guard let range = help.standardOutput.range(of: "EXAMPLES:\n") else {
                XCTFail("\(command) --help has no EXAMPLES")
                continue
            }
            let examples = help.standardOutput[range.upperBound...]
            XCTAssertTrue(examples.contains("motionbench \(command)"), "\(command): \(examples)")
        }
    }

    func testHiddenCommandsAreNotShown() throws {
        XCTAssertFalse(try shownCommands().contains("_workload"))
    }
}

/// Help texts list what the registries hold, so a new named curve, step position, spring family or strategy shows up
/// in help without editing it.
final class RegistryHelpTests: XCTestCase {
    /// `command --help` with its lines joined (help wraps at spaces).
    private func help(_ command: String) throws -> String {
        let result = try CommandRunner.run([command, "--help"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.standardOutput.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }

    func testEvalHelpListsEveryNamedCurveStepPositionAndSpringForm() throws {
        let text = try help("eval")
        for name in CubicBezier.namedCurves.map(\.name) + Steps.Position.keywords + SpringFamily.all.map(\.name) {
            XCTAssertTrue(text.contains(name), "eval --help does not mention \(name)")
        }
        XCTAssertTrue(text.contains("material3-standard") && text.contains("jump-both"), text)
    }

    func testAccuracyHelpListsEveryStrategy() throws {
        let text = try help("accuracy")
        for name in BezierStrategy.all().map(\.name) + SpringStrategy.all.map(\.name) {
            XCTAssertTrue(text.contains(name), "accuracy --help does not mention \(name)")
        }
    }

    func testBaselineHelpNamesTheToolTheGateCountsWith() throws {
        let text = try help("baseline")
        XCTAssertTrue(text.contains("callgrind"), text)
        XCTAssertFalse(text.contains("cachegrind"), text)
    }
}
