import Foundation
import MotionGate
import MotionHarness
import MotionOutput
import MotionReports
import XCTest

/// `--format` of every command: its help lists exactly the registry's formats for the command's report type, and
/// the parser takes each of them.
final class FormatOptionTests: XCTestCase {
    /// Each command with its report type, arguments that make it finish fast or stop at another input, and what
    /// that stop says (nil: the command succeeds), so that only the format's acceptance is tested.
    static let commands: [(command: String, report: Any.Type, arguments: [String], stop: String?)] = [
        ("eval", RowStream.self, ["ease", "0.5"], nil),
        ("timing", RowStream.self, ["0.5"], nil),
        ("interpolate", RowStream.self, ["none", "scale(2)", "0.5"], nil),
        ("convert", NamedValues.self, ["spring(1 100 10 0)"], nil),
        ("settle", NamedValues.self, ["spring(1 100 10 0)"], nil),
        ("run", HarnessRunReport.self, ["--layers", "0"], "--layers"),
        ("compare", RunComparison.self, ["/nonexistent-a.json", "/nonexistent-b.json"], "nonexistent-a.json"),
        ("accuracy", AccuracyReport.self, ["--samples", "1"], "--samples"),
        ("baseline", RecordedBaseline.self, ["--output", "/nonexistent-dir/baseline.json"], "nonexistent-dir"),
        ("gate", PerformanceGate.Outcome.self, [], "exactly one of --baseline"),
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
        for (command, report, _, _) in Self.commands {
            let expected = ReportFormats.formats(rendering: report).map(\.name)
            XCTAssertFalse(expected.isEmpty, command)
            XCTAssertEqual(try helpValues(command), expected, command)
        }
    }

    /// The table in docs/cli.md of what each command's `--format` accepts holds the registry's formats for every
    /// command it names, and names every command (so the reference cannot fall behind a new format).
    func testTheReferenceTableInCLIDocsMatchesTheRegistry() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        var documented: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { continue }
            let names = { (cell: String) in cell.components(separatedBy: ", ").map { $0.trimmingCharacters(in: ["`"]) } }
            for command in names(cells[0]) { documented[command] = Set(names(cells[1])) }
        }
        for (command, report, _, _) in Self.commands {
            XCTAssertEqual(documented[command], Set(ReportFormats.formats(rendering: report).map(\.name)),
                           "docs/cli.md's --format table, row \(command)")
        }
    }

    func testEveryListedValueIsAccepted() throws {
        for (command, _, arguments, stop) in Self.commands {
            for value in try helpValues(command) {
                let result = try CommandRunner.run([command] + arguments + ["--format", value])
                let context = "\(command) --format \(value): \(result.standardError)"
                XCTAssertFalse(result.standardError.contains("for '--format"), context)
                if let stop {
                    XCTAssertEqual(result.status, 2, context)
                    XCTAssertTrue(result.standardError.contains(stop), context)
                } else {
                    XCTAssertEqual(result.status, 0, context)
                    XCTAssertFalse(result.standardOutput.isEmpty, context)
                }
            }
        }
    }

    func testAFormatOutsideTheCommandsListIsRejectedWithTheList() throws {
        for (command, report, arguments, _) in Self.commands {
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
