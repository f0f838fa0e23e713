import Foundation
import MotionGate
import MotionHarness
import MotionOutput
import MotionReports
import XCTest

/// `--format` of every command: its help lists exactly the registry's formats for the command's report type, and
/// the parser takes each of them.
final class FormatOptionTests: XCTestCase {
    /// Each command with its report type and arguments that make it stop early or finish fast, so that only the
    /// format's acceptance is tested (a format the parser rejected would name --format in the error).
    static let commands: [(command: String, report: Any.Type, arguments: [String])] = [
        ("eval", RowStream.self, ["ease", "0.5"]),
        ("timing", RowStream.self, ["0.5"]),
        ("interpolate", RowStream.self, ["none", "scale(2)", "0.5"]),
        ("convert", NamedValues.self, ["spring(1 100 10 0)"]),
        ("settle", NamedValues.self, ["spring(1 100 10 0)"]),
        ("run", HarnessRunReport.self, ["--layers", "0"]),
        ("compare", RunComparison.self, ["/nonexistent-a.json", "/nonexistent-b.json"]),
        ("accuracy", AccuracyReport.self, ["--samples", "1"]),
        ("baseline", RecordedBaseline.self, ["--output", "/nonexistent-dir/baseline.json"]),
        ("gate", PerformanceGate.Outcome.self, []),
    ]

    /// The values `--help` lists for `--format`: the "(values: …)" after the option.
    private func helpValues(_ command: String) throws -> [String] {
        let help = try CommandRunner.run([command, "--help"])
        XCTAssertEqual(help.status, 0, command)
        let flattened = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let option = flattened.range(of: "--format <format> "),
              let values = flattened.range(of: "(values: ", range: option.upperBound..<flattened.endIndex)
        else {
            XCTFail("\(command) --help lists no --format values: \(help.standardOutput)")
            return []
        }
        let list = flattened[values.upperBound...].prefix { $0 != ";" && $0 != ")" }
        return list.components(separatedBy: ", ")
    }

    func testHelpListsExactlyTheRegistrysFormatsForTheCommand() throws {
        for (command, report, _) in Self.commands {
            let expected = ReportFormats.formats(rendering: report).map(\.name)
            XCTAssertFalse(expected.isEmpty, command)
            XCTAssertEqual(try helpValues(command), expected, command)
        }
    }

    func testEveryListedValueIsAccepted() throws {
        for (command, _, arguments) in Self.commands {
            for value in try helpValues(command) {
                let result = try CommandRunner.run([command] + arguments + ["--format", value])
                XCTAssertFalse(result.standardError.contains("--format"), "\(command) --format \(value): \(result.standardError)")
                XCTAssertNotEqual(result.status, 64, "\(command) --format \(value)")
            }
        }
    }

    func testAFormatOutsideTheCommandsListIsRejectedWithTheList() throws {
        for (command, report, arguments) in Self.commands {
            guard let other = ReportFormats.all.first(where: { !$0.canRender(report) }) else { continue }
            let result = try CommandRunner.run([command] + arguments + ["--format", other.name])
            XCTAssertEqual(result.status, 2, "\(command) --format \(other.name)")
            XCTAssertTrue(result.standardError.contains("'\(other.name)' is invalid for '--format"), result.standardError)
            for name in ReportFormats.formats(rendering: report).map(\.name) {
                XCTAssertTrue(result.standardError.contains("'\(name)'") || result.standardError.contains("- \(name)"),
                              "\(command): \(name) missing from \(result.standardError)")
            }
        }
    }
}
