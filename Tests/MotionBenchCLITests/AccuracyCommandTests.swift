import Foundation
import XCTest

final class AccuracyCommandTests: XCTestCase {
    func testSmallJSONReportAndFiles() throws {
        let curves = FileManager.default.temporaryDirectory.appendingPathComponent("curves-\(UUID().uuidString).json").path
        try #"["ease", {"name": "steep", "spec": "cubic-bezier(0, 1, 1, 0)"}]"#.write(toFile: curves, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: curves) }
        let result = try CommandRunner.run(["accuracy", "--curves", curves, "--samples", "101", "--springs", "default",
                                            "--seconds", "0.5", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual((object["bezier"] as? [String: Any])?["curves"] as? [String], ["ease", "steep"])
    }

    func testBadInputExitsWithTwo() throws {
        for (arguments, fragment) in [(["accuracy", "--curves", "/nonexistent.json"], "does not exist"),
                                      (["accuracy", "--samples", "1"], "--samples"),
                                      (["accuracy", "--rate", "0"], "--rate"),
                                      (["accuracy", "--format", "pdf"], "pdf")] {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): \(result.standardError)")
        }
    }
}
