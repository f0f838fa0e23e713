import MotionSupport
import Foundation
import XCTest

/// `InputFile`: only regular files, and only up to `sizeLimit` bytes, so that nothing hangs or exhausts memory.
final class InputFileTests: XCTestCase {
    private func assertUnreadable(_ path: String, _ reason: String, line: UInt = #line) {
        XCTAssertThrowsError(try InputFile.read(path), line: line) { error in
            XCTAssertEqual((error as? InputFileError)?.reason, reason, line: line)
            XCTAssertEqual((error as? InputFileError)?.exitCode, 2, line: line)
        }
    }

    func testRegularFileIsReadWhole() throws {
        let folder = try temporaryFolder(for: self, "input")
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: folder + "/data.bin"))
        XCTAssertEqual(try InputFile.read(folder + "/data.bin"), bytes)
    }

    func testWhatIsNotARegularFileIsRefusedWithoutWaiting() throws {
        let folder = try temporaryFolder(for: self, "input")
        assertUnreadable(folder + "/missing.json", "does not exist")
        assertUnreadable(folder, "is a directory")
        // Reading a FIFO would wait for a writer forever: it is refused from its type alone.
        XCTAssertEqual(mkfifo(folder + "/pipe", 0o600), 0)
        assertUnreadable(folder + "/pipe", "is not a regular file")
    }

    func testFileOverTheLimitIsRefusedBeforeReading() throws {
        let folder = try temporaryFolder(for: self, "input")
        let path = folder + "/huge.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        // A sparse file: its size is past the limit without writing 64 MiB.
        XCTAssertEqual(truncate(path, off_t(InputFile.sizeLimit + 1)), 0)
        assertUnreadable(path, "is larger than 64 MiB (\(InputFile.sizeLimit + 1) bytes)")
        XCTAssertEqual(truncate(path, off_t(InputFile.sizeLimit)), 0)
        XCTAssertEqual(try InputFile.read(path).count, InputFile.sizeLimit)
    }
}
