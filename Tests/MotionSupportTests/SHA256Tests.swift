import Foundation
import MotionSupport
import XCTest

/// SHA-256 against FIPS 180-4's published examples and across block boundaries against the system's `sha256sum`.
final class SHA256Tests: XCTestCase {
    func testPublishedVectors() {
        XCTAssertEqual(SHA256.hex(of: Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testFileDigestMatchesSha256sumAtEveryLengthAroundABlock() throws {
        let sha256sum = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try XCTUnwrap(sha256sum, "sha256sum (coreutils, on every Debian machine) is missing")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for length in [55, 56, 63, 64, 65, 119, 120, 4099] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = [path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
            XCTAssertEqual(try SHA256.hex(ofFileAt: path), String(expected), "length \(length)")
        }
    }
}
