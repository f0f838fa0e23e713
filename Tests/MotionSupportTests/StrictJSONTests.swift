import MotionSupport
import Foundation
import XCTest

/// `StrictJSON`: RFC 8259 JSON only, with the line and column of the first problem.
final class StrictJSONTests: XCTestCase {
    /// Asserts that `text` is refused at `line`:`column` with a problem containing `fragment`.
    private func assertRefused(_ text: String, _ fragment: String, line: Int, column: Int, file: StaticString = #filePath,
                               testLine: UInt = #line) {
        XCTAssertThrowsError(try StrictJSON.parse(Data(text.utf8)), file: file, line: testLine) { error in
            guard let error = error as? StrictJSONError else { return XCTFail("\(error)", file: file, line: testLine) }
            XCTAssertTrue(error.problem.contains(fragment), error.description, file: file, line: testLine)
            XCTAssertEqual([error.line, error.column], [line, column], error.description, file: file, line: testLine)
        }
    }

    func testValidDocumentsParseAsFoundationReadsThem() throws {
        let text = #"{"a": [1, 2.5e3, -0.25, true, null], "b": {"c": "\u00e9\n"}, "d": []}"#
        let strict = try XCTUnwrap(StrictJSON.parse(Data(text.utf8)) as? NSDictionary)
        let foundation = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        XCTAssertEqual(strict, foundation)
        XCTAssertEqual(try StrictJSON.parse(Data(" 42 ".utf8)) as? Int, 42)
    }

    func testGrammarViolationsNameLineAndColumn() {
        assertRefused("[1, 2,]", "trailing comma", line: 1, column: 7)
        assertRefused("{\n  \"a\": 1,\n}", "trailing comma", line: 3, column: 1)
        assertRefused("{\"a\": 1, \"a\": 2}", "duplicate key \"a\"", line: 1, column: 10)
        assertRefused("[1e400]", "outside the range of a double", line: 1, column: 2)
        assertRefused("[\"a\tb\"]", "unescaped control character", line: 1, column: 4)
        assertRefused("[01]", "expected ']'", line: 1, column: 3)
        assertRefused("[1] x", "unexpected text after the JSON value", line: 1, column: 5)
        assertRefused("", "unexpected end of input", line: 1, column: 1)
        assertRefused("\"abc", "unterminated string", line: 1, column: 5)
    }

    func testNestingIsLimited() throws {
        let depth = StrictJSON.maximumDepth
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertNoThrow(try StrictJSON.validate(Data(deepest.utf8)))
        let tooDeep = "[" + deepest + "]"
        assertRefused(tooDeep, "nesting deeper than \(depth) levels", line: 1, column: depth + 1)
    }
}
