import MotionSupport
import Foundation
import XCTest
import MotionTestSupport

/// `OutputFile`: regular files replaced atomically, links followed, devices and FIFOs written in place (never replaced
/// by a regular file), and what cannot be written refused before any work. Device nodes are made with `mknod` inside
/// the test's own temporary directory; no test names a path under /dev.
final class OutputFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder(for: self, "output")
    }

    private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func inode(_ path: String) -> ino_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_ino : 0
    }

    /// Asserts that checking `path` fails with a message containing `fragment`.
    private func assertRefused(_ path: String, _ fragment: String, line: UInt = #line) {
        XCTAssertThrowsError(try OutputFile(checking: path), line: line) { error in
            XCTAssertTrue("\(error)".contains(fragment), "\(error)", line: line)
            XCTAssertEqual((error as? OutputFileError)?.exitCode, 2, line: line)
        }
    }

    func testNewFileIsCreated() throws {
        let path = folder + "/new.json"
        let output = try OutputFile(checking: path)
        XCTAssertEqual(output.method, .atomicReplace)
        try output.write("{}\n")
        XCTAssertEqual(try read(path), "{}\n")
        // The directory probe and the temporary file are gone.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["new.json"])
    }

    func testRegularFileIsReplacedByRenameKeepingItsMode() throws {
        let path = folder + "/result.txt"
        try "old contents that are longer than the new ones\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        let before = inode(path)
        try OutputFile(checking: path).write("new\n")
        XCTAssertEqual(try read(path), "new\n")
        // A rename puts a new inode at the path; writing in place would have kept the old one.
        XCTAssertNotEqual(inode(path), before)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int), 0o640)
    }

    func testSymbolicLinkIsFollowedAndStaysALink() throws {
        let target = folder + "/target.txt", link = folder + "/link.txt"
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("target.txt", link), 0)
        let output = try OutputFile(checking: link)
        XCTAssertEqual(output.resolvedPath, folder + "/target.txt")
        try output.write("new\n")
        XCTAssertEqual(fileType(link), S_IFLNK)
        XCTAssertEqual(try read(target), "new\n")
    }

    func testLinkLoopAndMissingDirectoryAndDirectoryAreRefused() throws {
        XCTAssertEqual(symlink("b", folder + "/a"), 0)
        XCTAssertEqual(symlink("a", folder + "/b"), 0)
        assertRefused(folder + "/a", "too many levels of symbolic links")
        assertRefused(folder + "/missing/x.json", "does not exist")
        assertRefused(folder, "it is a directory")
        assertRefused("", "the path is empty")
    }

    func testFIFOIsWrittenInPlaceAndRefusedWithoutAReader() throws {
        let fifo = folder + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let output = try OutputFile(checking: fifo)
        XCTAssertEqual(output.method, .inPlace)
        XCTAssertThrowsError(try output.write("nobody reads\n")) { error in
            XCTAssertTrue("\(error)".contains("the FIFO has no reader"), "\(error)")
        }
        // With a reader the text arrives through the FIFO, which stays a FIFO.
        let received = Received()
        let reader = Thread {
            received.text = readAll(fifo)
            received.done.signal()
        }
        reader.start()
        var written = false
        for _ in 0..<500 where !written {  // The reader may not have opened its end yet.
            written = (try? output.write("through the pipe\n")) != nil
            if !written { usleep(10_000) }
        }
        XCTAssertTrue(written)
        XCTAssertEqual(received.done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(received.text, "through the pipe\n")
        XCTAssertEqual(fileType(fifo), S_IFIFO)
    }

    /// A character device node (the null device's numbers, made in the temporary directory) is written in place and
    /// stays a device; a block device node is refused at the check, before anything opens it.
    func testDevicesAreNeverReplaced() throws {
        let character = folder + "/null-device", block = folder + "/block-device"
        guard mknod(character, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 3)) == 0, mknod(block, S_IFBLK | 0o600, deviceNumber(major: 0, minor: 0)) == 0 else {
            throw MissingPrerequisite.error("mknod is not permitted here (\(String(cString: strerror(errno)))); device nodes need root")
        }
        let output = try OutputFile(checking: character)
        XCTAssertEqual(output.method, .inPlace)
        try output.write("discarded\n")
        XCTAssertEqual(fileType(character), S_IFCHR, "the device was replaced by a file")
        assertRefused(block, "it is a block device")
        XCTAssertEqual(fileType(block), S_IFBLK)
    }
}

/// Everything read from `path` until end of file, with `open` and `read` (Foundation refuses a FIFO).
private func readAll(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return "cannot open" }
    defer { close(descriptor) }
    var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(descriptor, &buffer, buffer.count), count > 0 { bytes += buffer[0..<count] }
    return String(decoding: bytes, as: UTF8.self)
}

/// glibc's `makedev` (a C macro Swift does not import): the device number of `major`:`minor`.
private func deviceNumber(major: UInt64, minor: UInt64) -> dev_t {
    dev_t((minor & 0xFF) | ((major & 0xFFF) << 8) | ((minor & ~0xFF) << 12) | ((major & ~0xFFF) << 32))
}

/// What the FIFO's reader thread read; `done` orders the write before the test's read.
private final class Received: @unchecked Sendable {
    var text = ""
    let done = DispatchSemaphore(value: 0)
}
