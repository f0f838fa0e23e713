import Foundation
import MotionOutput
import XCTest

/// Streams of rows in every format with a row layout, read back by an independent parser.
final class RowStreamTests: XCTestCase {
    /// The text `format` writes for `rows` of (cells, text override).
    private func stream(_ format: ReportFormat, _ rows: [([ReportCell], String?)], hidden: Set<String> = []) throws -> String {
        final class Sink: @unchecked Sendable { var text = "" }
        let sink = Sink()
        var stream = try RowStream(columns: ["x", "y"], format: format, hiddenInText: hidden, output: { sink.text += $0 })
        for (cells, text) in rows { try stream.write(cells, text: text) }
        stream.finish()
        return sink.text
    }

    func testOnlyTextJSONAndCSVStreamRows() {
        XCTAssertEqual(ReportFormats.formats(rendering: RowStream.self).map(\.name), ["text", "json", "csv"])
        XCTAssertThrowsError(try RowStream(columns: ["x"], format: .bmf))
    }

    func testJSONStreamIsAnArrayOfObjects() throws {
        let text = try stream(.json, [([.number(0.5), .number(.infinity)], nil), ([.integer(2), .text("a\"b")], nil)])
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0]["x"] as? Double, 0.5)
        XCTAssertTrue(rows[0]["y"] is NSNull)
        XCTAssertEqual((rows[0]["notes"] as? [String: String])?["y"], "+infinity")
        XCTAssertEqual(rows[1]["y"] as? String, "a\"b")
        let empty = try stream(.json, [])
        XCTAssertEqual(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(empty.utf8)) as? [Any]).count, 0)
    }

    func testCSVStreamHasItsHeaderAndOneRecordPerRow() throws {
        let text = try stream(.csv, [([.number(1), .null], nil), ([.number(-2), .text("a,b")], nil)])
        XCTAssertEqual(text.components(separatedBy: "\r\n"), ["x,y", "1.0,", "-2.0,\"a,b\"", ""])
        XCTAssertEqual(try stream(.csv, []), "x,y\r\n")
    }

    func testTextStreamHidesColumnsAndTakesARowsOwnText() throws {
        XCTAssertEqual(try stream(.text, [([.number(1), .number(2)], nil)], hidden: ["x"]), "2.0\n")
        XCTAssertEqual(try stream(.text, [([.number(1), .number(2)], "matrix3d(…)")]), "matrix3d(…)\n")
        XCTAssertEqual(try stream(.text, [([.integer(1), .null], nil)]), "1 null\n")
    }
}
