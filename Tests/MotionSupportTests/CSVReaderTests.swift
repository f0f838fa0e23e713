@testable import MotionSupport
import XCTest

/// RFC 4180 records with the line each starts on.
final class CSVReaderTests: XCTestCase {
    func testQuotedFieldsDoubledQuotesAndLineEnds() throws {
        let text = "a,\"b, c\",\"say \"\"hi\"\"\",,d\r\n\r\nx\n\"two\nlines\",y\nlast"
        let records = try CSVReader.records(text)
        XCTAssertEqual(records.map(\.fields), [["a", "b, c", "say \"hi\"", "", "d"], ["x"], ["two\nlines", "y"], ["last"]])
        XCTAssertEqual(records.map(\.line), [1, 3, 4, 6])
    }

    func testEmptyQuotedFieldIsARecord() throws {
        XCTAssertEqual(try CSVReader.records("\"\"\n").map(\.fields), [[""]])
        XCTAssertEqual(try CSVReader.records("\n\n").count, 0)
    }

    func testMalformedQuotesNameTheLine() {
        XCTAssertThrowsError(try CSVReader.records("a,b\n\"open,c\nd\n")) { error in
            XCTAssertEqual((error as? CSVReadError)?.line, 2)
            XCTAssertTrue("\(error)".contains("never closed"), "\(error)")
        }
        XCTAssertThrowsError(try CSVReader.records("a,\"b\"c\n")) { error in
            XCTAssertEqual((error as? CSVReadError)?.field, 2)
            XCTAssertTrue("\(error)".contains("after the closing quote"), "\(error)")
        }
    }
}
