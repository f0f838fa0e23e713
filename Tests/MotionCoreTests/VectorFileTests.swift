import Foundation
import MotionCore
import XCTest

/// Runs the conformance vectors in `data/vectors/`.
final class VectorFileTests: XCTestCase {
    /// The data rows of a vector CSV: `#` comment lines are skipped, fields split on the first `columns - 1` commas.
    static func rows(of name: String, columns: Int) throws -> [[String]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/vectors/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        XCTAssertTrue(text.hasPrefix("#"), "\(name) must name its source in a header comment")
        return lines.map { line in
            line.split(separator: ",", maxSplits: columns - 1, omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Rows of a vector file whose fields are separated by `separator` (for specs that contain commas).
    static func rowsSeparated(by separator: Character, of name: String, columns: Int) throws -> [[String]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/vectors/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("#"), "\(name) must name its source in a header comment")
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            line.split(separator: separator, maxSplits: columns - 1, omittingEmptySubsequences: false).map(String.init)
        }
    }

    func testCubicBezierVectors() throws {
        let rows = try Self.rows(of: "cubic-bezier.csv", columns: 8)
        XCTAssertGreaterThanOrEqual(rows.count, 10)
        for row in rows {
            let numbers = try row.prefix(7).map { try XCTUnwrap(Double($0), "bad number '\($0)' in \(row)") }
            let curve = try CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
            XCTAssertEqual(curve.value(at: numbers[4]), numbers[5], accuracy: numbers[6], "\(row[7])")
        }
    }
}
