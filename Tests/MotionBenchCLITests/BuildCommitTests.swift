import Foundation
import XCTest

/// Run metadata outside a checkout: the commit embedded at build time (the EmbedBuildCommit plugin), the command
/// line, the load and the CPU signature.
final class BuildCommitTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testRunOutsideAnyCheckoutNamesTheCommitItWasBuiltFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-checkout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["run", "--layers", "1000", "--frames", "4", "--format", "json"]
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_DIR"] = folder.appendingPathComponent("none").path  // no git answer either
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let metadata = try XCTUnwrap(document["metadata"] as? [String: Any])
        let commit = try XCTUnwrap(metadata["commit"] as? String, "the commit is known without a checkout")
        XCTAssertEqual(metadata["commitSource"] as? String, "build")
        XCTAssertEqual(commit.count, 40)
        // The checkout the binary was built from is at that commit (unless a commit was made since the build).
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "rev-parse", "HEAD"]
        let head = Pipe()
        git.standardOutput = head
        git.standardError = FileHandle.nullDevice
        if (try? git.run()) != nil {
            let text = String(decoding: head.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            git.waitUntilExit()
            if git.terminationStatus == 0 { XCTAssertEqual(commit, text.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let commandLine = try XCTUnwrap(metadata["commandLine"] as? [String])
        XCTAssertEqual(Array(commandLine.dropFirst()), arguments)
        let load = try XCTUnwrap(metadata["loadAverage"] as? [Double])
        XCTAssertEqual(load.count, 3)
        let machine = try XCTUnwrap(metadata["machine"] as? [String: Any])
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8), cpuinfo.contains("vendor_id") {
            XCTAssertTrue((machine["cpuSignature"] as? String)?.contains(" family ") == true, "\(machine)")
        }
    }
}
