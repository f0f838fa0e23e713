import Foundation
import XCTest

/// A fresh directory under the system's temporary directory, removed with everything in it when the test ends.
func temporaryFolder(for test: XCTestCase, _ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-\(label)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// The file type bits of `path` itself (not following a link), or nil when it does not exist.
func fileType(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}
