import MotionCore
@testable import MotionSupport
import XCTest

/// The streaming parser against `CSVReader.records` on random text: the same records (lines and fields) or the same
/// error, wherever the text is cut into pieces.
final class CSVStreamParserTests: XCTestCase {
    func streamed(_ text: String, pieces: Int) throws(CSVReadError) -> [CSVReader.Record] {
        let bytes = Array(text.utf8)
        var parser = CSVStreamParser()
        var records: [CSVReader.Record] = []
        func take() {
            let fields = (0..<parser.fieldCount).map { String(decoding: parser.bytes[parser.fieldRange($0)], as: UTF8.self) }
            records.append(CSVReader.Record(line: parser.recordLine, fields: fields))
        }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + pieces)
            try bytes[start..<end].withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(CSVReadError) in
                var position = 0
                while try parser.scan(buffer, from: &position) { take() }
            }
            start = end
        }
        if try parser.finish() { take() }
        return records
    }

    func testRandomTextGivesTheRecordsOrTheErrorOfTheWholeText() {
        let alphabet: [String] = ["a", "b", ",", "\"", "\"\"", "\r", "\n", "\r\n", "é", " ", "1"]
        var random = SplitMix64(seed: 4180)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
                .joined()
            let expected: Result<[CSVReader.Record], CSVReadError> = Result { () throws(CSVReadError) in try CSVReader.records(text) }
            for pieces in [1, 2, 3, 7, 1 << 20] {
                let actual: Result<[CSVReader.Record], CSVReadError> = Result { () throws(CSVReadError) in try streamed(text, pieces: pieces) }
                switch (expected, actual) {
                case (.success(let a), .success(let b)):
                    XCTAssertEqual(a, b, "\(pieces): \(text.debugDescription)")
                case (.failure(let a), .failure(let b)):
                    XCTAssertEqual(a.description, b.description, "\(pieces): \(text.debugDescription)")
                default:
                    XCTFail("\(pieces): \(text.debugDescription): \(expected) against \(actual)")
                }
            }
        }
    }
}
