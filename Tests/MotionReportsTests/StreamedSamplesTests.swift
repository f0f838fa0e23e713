import Foundation
import MotionCore
@testable import MotionReports
import MotionSupport
import XCTest

/// Samples files read a piece at a time (`MeasuredSamplesReader.read(contentsOf:into:)`): the same samples, figures and
/// messages as the text read whole, wherever the pieces split it, and files that are not text refused on their line.
final class StreamedSamplesTests: XCTestCase {
    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func streamed(_ text: String, chunkSize: Int, name: String = "s.csv") throws -> MeasuredSampleSet {
        let path = try temporaryFile(Array(text.utf8))
        var set = MeasuredSampleSet()
        try MeasuredSamplesReader.read(contentsOf: path, name: name, into: &set, chunkSize: chunkSize)
        return set
    }

    /// Quoted fields with commas, doubled quotes and line breaks, CRLF and LF, a name in several bytes per character,
    /// blank lines, every optional column.
    let text = "# a comment line, with \"quotes\", commas and é\r\n"
        + "implementation,spec,input,output,velocity,duration,effective_input,round\r\n"
        + "#another,comment,1,1\n"
        + "\"moteur \"\"é\"\" 1\",\"cubic-bezier(0.42, 0, 0.58, 1)\",0.25,0.13,,1,0.2500001,0\r\n"
        + "\r\n"
        + "chromium 1,ease,0.5,0.8024033877399112,1.2,2,,2\n"
        + "\"chromium, 1\",\"spring(mass: 1, stiffness: 100, damping: 10)\",0.5,0.99, 3 ,, ,\n"
        + "moteur \"é\" 1, linear ,1,1,,1,,\n"
        + "chromium 1,ease,0.25,0.4,,2,0.25,1"

    func testEveryPieceSizeGivesTheSamplesOfTheWholeText() throws {
        let whole = try MeasuredSamplesReader.read(text, file: "s.csv")
        XCTAssertEqual(whole.count, 5)
        for chunkSize in [1, 2, 3, 5, 7, 64, 4 << 20] {
            let set = try streamed(text, chunkSize: chunkSize)
            let pieces = set.samples(file: "s.csv", lines: whole.map { Int($0.source.split(separator: ":").last!)! })
            XCTAssertEqual(pieces.count, whole.count, "\(chunkSize)")
            for (a, b) in zip(pieces, whole) {
                XCTAssertEqual(a.implementation, b.implementation, "\(chunkSize)")
                XCTAssertEqual(a.specText, b.specText, "\(chunkSize)")
                XCTAssertEqual(a.duration, b.duration, "\(chunkSize)")
                XCTAssertEqual(a.input, b.input, "\(chunkSize)")
                XCTAssertEqual(a.output, b.output, "\(chunkSize)")
                XCTAssertEqual(a.velocity, b.velocity, "\(chunkSize)")
                XCTAssertEqual(a.effectiveInput, b.effectiveInput, "\(chunkSize)")
                XCTAssertEqual(a.round, b.round, "\(chunkSize)")
            }
        }
        XCTAssertEqual(whole.map(\.implementation), ["moteur \"é\" 1", "chromium 1", "chromium, 1", "moteur \"é\" 1", "chromium 1"])
        // The two comment lines count as lines: the samples are on lines 4, 6, 7, 8 and 9.
        XCTAssertEqual(whole.map(\.source), ["s.csv:4", "s.csv:6", "s.csv:7", "s.csv:8", "s.csv:9"])
    }

    func testTheStudyOfTheStreamedSetIsTheStudyOfTheSamples() throws {
        var rows = ["implementation,spec,input,output,effective_input,round"]
        let port = BezierStrategy.chromium.make(.ease)
        for index in 0...400 {
            let x = Double(index % 101) / 100
            let name = index % 3 == 0 ? "chromium 1" : "other 2"
            let effective = index % 5 == 0 ? "\(x)" : ""
            rows.append("\(name),\(index % 2 == 0 ? "ease" : "linear"),\(x),\(port(x) + Double(index % 7) * 1e-7),\(effective),\(index % 4)")
        }
        let text = rows.joined(separator: "\n") + "\n"
        let whole = MeasuredStudy.run(try MeasuredSamplesReader.read(text, file: "t.csv"), files: ["t.csv"])
        let set = try streamed(text, chunkSize: 97)
        let pieces = MeasuredStudy.run(set, files: ["t.csv"])
        var a = try AccuracyStudy.run(curves: [("ease", CubicBezier.ease)], samples: 11, springs: [], rate: 60, seconds: 0.1)
        var b = a
        a.measured = whole
        b.measured = pieces
        XCTAssertEqual(try a.jsonDocument(metadata: nil), try b.jsonDocument(metadata: nil))
        XCTAssertEqual(pieces.implementations.count, 2)
        XCTAssertFalse(pieces.distances.isEmpty)
    }

    func testBadFilesGiveTheMessagesOfTheWholeText() throws {
        let cases = [
            "", "\n\n", "implementation,spec,input,output\n", "implementation,spec,input\ne,ease,0.5\n",
            "implementation,spec,input,output\ne,ease,0.5,0.8\ne,wobble(3),0.5,0.8\n",
            "implementation,spec,input,output\ne,ease,1.5,0.8\n",
            "implementation,spec,input,output\ne,cubic-bezier(0.3, 0.3, 0.7, 0.7),0.5,0.5\n",
            "implementation,spec,input,output\ne,\"ease,0.5,0.8\n",
            "implementation,spec,input,output\ne,ease,0.5,0.8\n\"e\nf\",ease,0.5,0.8\n",
            "implementation,spec,input,output\ne,\"ease\"x,0.5,0.8\n",
            "implementation,spec,input,output\r\ne,\"ease\"\r,0.5,0.8\n",
            "implementation,spec,input,output\ne,ease,0.5,0.8\r",
        ]
        for text in cases {
            var expected = ""
            do { _ = try MeasuredSamplesReader.read(text, file: "bad.csv") } catch { expected = error.description }
            XCTAssertFalse(expected.isEmpty, text)
            for chunkSize in [1, 2, 5, 4 << 20] {
                XCTAssertThrowsError(try streamed(text, chunkSize: chunkSize, name: "bad.csv"), text) { error in
                    XCTAssertEqual("\(error)", expected, "\(chunkSize): \(text)")
                }
            }
        }
    }

    func testBytesThatAreNotTextAreRefusedOnTheirLine() throws {
        let header = Array("implementation,spec,input,output\n".utf8)
        let row = Array("e,ease,0.5,0.8\n".utf8)
        let bad: [([UInt8], String)] = [
            (header + row + row + [0x00] + row, "line 4: holds a NUL byte"),
            (header + row + Array("e,ease,0.5,0.8".utf8) + [0xFF, 0x0A], "line 3: is not UTF-8 text"),
            (header + row + [0xC3], "line 3: is not UTF-8 text"),                 // a sequence cut short at the end
            (header + [0xED, 0xA0, 0x80] + row, "line 2: is not UTF-8 text"),    // a surrogate
            (header + [0xC0, 0xAF] + row, "line 2: is not UTF-8 text"),          // an overlong form
            ([UInt8](repeating: 0, count: 1 << 20), "line 1: holds a NUL byte"),
        ]
        for (bytes, fragment) in bad {
            let path = try temporaryFile(bytes)
            for chunkSize in [1, 3, 4 << 20] {
                var set = MeasuredSampleSet()
                XCTAssertThrowsError(try MeasuredSamplesReader.read(contentsOf: path, name: "bin.csv", into: &set,
                                                                    chunkSize: chunkSize)) { error in
                    XCTAssertTrue("\(error)".hasPrefix("bin.csv \(fragment)"), "\(chunkSize): \(error)")
                }
            }
        }
        // A name in two-byte characters split between pieces, and a byte-order mark (not part of the text), are fine.
        let path = try temporaryFile([0xEF, 0xBB, 0xBF] + header + Array("é,ease,0.5,0.8\n".utf8))
        for chunkSize in [1, 2, 4, 4 << 20] {
            var set = MeasuredSampleSet()
            try MeasuredSamplesReader.read(contentsOf: path, into: &set, chunkSize: chunkSize)
            XCTAssertEqual(set.names, ["é"])
        }
    }

    func testARecordBeyondTheLimitIsRefusedWithoutBeingHeld() throws {
        let path = try temporaryFile([UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20))
        var set = MeasuredSampleSet()
        XCTAssertThrowsError(try MeasuredSamplesReader.read(contentsOf: path, name: "long.csv", into: &set)) { error in
            XCTAssertTrue("\(error)".hasPrefix("long.csv line 1: a record is longer than 1 MiB"), "\(error)")
        }
        let quote = try temporaryFile(Array("implementation,spec,input,output\ne,\"".utf8) + [UInt8](repeating: 0x41, count: 2 << 20))
        XCTAssertThrowsError(try MeasuredSamplesReader.read(contentsOf: quote, name: "quote.csv", into: &set)) { error in
            XCTAssertTrue("\(error)".hasPrefix("quote.csv line 2: a record is longer than 1 MiB"), "\(error)")
        }
    }

    func testASampleIsHeldInSixtyFourBytes() {
        XCTAssertEqual(MemoryLayout<MeasuredPoint>.stride, 64)
    }
}
