import Foundation
import XCTest

/// docs/cli.md names every key `run --format json` prints (the engines' own keys in docs/engines.md): a key added to
/// the output without a line in the docs fails here.
final class JSONKeyDocumentationTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every key of `value` with the path it was found under (`results[].spread`).
    private func keys(_ value: Any, _ path: String = "") -> [(key: String, path: String)] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, child in [(key, path)] + keys(child, path.isEmpty ? key : "\(path).\(key)") }
        }
        if let array = value as? [Any] { return array.flatMap { keys($0, path + "[]") } }
        return []
    }

    func testEveryKeyOfRunsJSONIsDocumented() throws {
        let result = try CommandRunner.run(["run", "--layers", "1000,2000", "--frames", "8", "--repeat", "2", "--verify",
                                            "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let cli = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let engines = try String(contentsOf: root.appendingPathComponent("docs/engines.md"), encoding: .utf8)
        let found = keys(document).filter { $0.path != "units" }  // `units` repeats the figures' own names
        XCTAssertTrue(found.contains { $0.key == "verification" } && found.contains { $0.key == "loadAverage" })
        for (key, path) in found {
            let page = path.contains("engines") ? engines : cli
            XCTAssertTrue(page.contains("`\(key)`"), "\(path.isEmpty ? "" : path + ".")\(key) is not named in "
                          + (path.contains("engines") ? "docs/engines.md" : "docs/cli.md"))
        }
    }
}
