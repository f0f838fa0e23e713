import Foundation
import XCTest

/// Every error type the package declares conforms to `MotionBenchError` where it is declared, so `main`'s one catch
/// gives it its documented exit code (an error type outside the protocol would exit 2 with argument-parser's generic
/// text); and each one is named in its module's ErrorKindTests (ExitCodeTests for the command line's own), which
/// checks its kind.
final class ErrorConformanceTests: XCTestCase {
    /// The package's root: this file is Tests/MotionBenchCLITests/ErrorConformanceTests.swift.
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// (module, type name, inheritance clause) of every struct, enum, class or extension declared with one.
    private func declarations() throws -> [(module: String, name: String, inherits: [String])] {
        let sources = root.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: #"(?m)^\s*(?:(?:public|package|internal|fileprivate|private|final)\s+)*"#
            + #"(?:struct|enum|class|actor|extension)\s+([\w.]+)(?:<[^>{]*>)?\s*:\s*([^{]+)\{"#)
        var found: [(String, String, [String])] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    guard let name = Range(match.range(at: 1), in: text), let clause = Range(match.range(at: 2), in: text)
                    else { continue }
                    let inherits = text[clause].split(separator: ",").map {
                        $0.split(separator: "where").first.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
                    }
                    found.append((module, String(text[name].split(separator: ".").last ?? ""), inherits))
                }
            }
        }
        return found
    }

    func testEveryErrorTypeCarriesItsExitCode() throws {
        let all = try declarations()
        XCTAssertGreaterThan(all.count, 50, "the scan found too few declarations: is \(root.path) the package?")
        let plain = all.filter { !$0.inherits.contains("MotionBenchError") && $0.inherits.contains { $0.hasSuffix("Error") } }
        XCTAssertEqual(plain.map { "\($0.module)/\($0.name)" }, [],
                       "declare these as MotionBenchError (Sources/MotionCore/Support/MotionBenchError.swift) instead of Error")
        let conforming = all.filter { $0.inherits.contains("MotionBenchError") }
        XCTAssertGreaterThanOrEqual(conforming.count, 12)
        for error in conforming {
            let test = error.module == "motionbench" ? "MotionBenchCLITests/ExitCodeTests.swift" : "\(error.module)Tests/ErrorKindTests.swift"
            let text = (try? String(contentsOf: root.appendingPathComponent("Tests/" + test), encoding: .utf8)) ?? ""
            XCTAssertTrue(text.contains(error.name), "\(error.module)'s \(error.name) is not checked in Tests/\(test)")
        }
    }
}
