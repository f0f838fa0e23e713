import Foundation
import XCTest
import MotionTestSupport

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
        XCTAssertTrue(metadata["commitModified"] is Bool || metadata["commitModified"] is NSNull,
                      "commitModified is true, false or null: \(String(describing: metadata["commitModified"]))")
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

    /// The plugin's tool reads the commit when it runs, from the files of the git directory it is given: a new commit
    /// on the branch (a rewritten loose ref), a packed ref, a detached HEAD, the override, and no checkout. (SwiftPM
    /// reuses the plugin's commands while the package is unchanged: a commit read by the plugin itself went stale at
    /// the next commit.)
    func testTheEmbedderReadsTheCommitCheckedOutWhenItRuns() throws {
        let tool = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("BuildCommitEmbedder-tool")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw MissingPrerequisite.error("no BuildCommitEmbedder-tool beside motionbench") }
        let git = FileManager.default.temporaryDirectory.appendingPathComponent("embedder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: git.appendingPathComponent("refs/heads"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: git) }
        let output = git.appendingPathComponent("BuildCommit.swift")
        func embed(_ override: String = "-", gitDirectory: String? = nil) throws -> (status: Int32, hash: String?) {
            let process = Process()
            process.executableURL = tool
            process.arguments = [output.path, gitDirectory ?? git.path, git.path, override]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            let hash = text.split(separator: "\"").dropFirst().first.map(String.init)
            return (process.terminationStatus, text.contains("hash: String? = nil") ? nil : hash)
        }
        let (a, b, c, d) = (String(repeating: "a", count: 40), String(repeating: "b", count: 40),
                            String(repeating: "c", count: 40), String(repeating: "d", count: 40))
        try "ref: refs/heads/main\n".write(to: git.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
        try "\(a)\n".write(to: git.appendingPathComponent("refs/heads/main"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try embed().hash, a)
        try "\(b)\n".write(to: git.appendingPathComponent("refs/heads/main"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try embed().hash, b, "a new commit on the branch")
        try FileManager.default.removeItem(at: git.appendingPathComponent("refs/heads/main"))
        try "# pack-refs\n\(c) refs/heads/other\n\(a) refs/heads/main\n".write(
            to: git.appendingPathComponent("packed-refs"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try embed().hash, a, "the branch's packed ref")
        try "\(c)\n".write(to: git.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try embed().hash, c, "a detached HEAD")
        XCTAssertEqual(try embed(d).hash, d, "MOTIONBENCH_COMMIT's override")
        let none = try embed(gitDirectory: "-")
        XCTAssertEqual(none.status, 0)
        XCTAssertNil(none.hash, "no checkout")
        XCTAssertEqual(try embed("not-a-commit").status, 2)
    }

    /// The tool's check for changes not yet committed, in a real checkout: false when Package.swift, Sources and
    /// Plugins match the commit; true after an edit under Sources or a new file there not yet tracked; false again
    /// once undone, and for a change outside those paths; nil (unknown) with an override or without a work tree.
    func testTheEmbedderSeesChangesNotYetCommittedToWhatTheBinaryBuildsFrom() throws {
        let tool = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("BuildCommitEmbedder-tool")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw MissingPrerequisite.error("no BuildCommitEmbedder-tool beside motionbench") }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let gitPath = paths.map({ "\($0)/git" }).first(where: FileManager.default.isExecutableFile) else {
            throw MissingPrerequisite.error("no git on the PATH (apt-get install -y git)")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("embedder-tree-\(UUID().uuidString)")
        let tree = base.appendingPathComponent("package"), output = base.appendingPathComponent("BuildCommit.swift")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("Sources/Core"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: gitPath)
            process.arguments = ["-C", tree.path, "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
        }
        func write(_ text: String, _ path: String) throws {
            try text.write(to: tree.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try git("init", "-q")
        try write("// swift-tools-version:6.0\n", "Package.swift")
        try write("let a = 1\n", "Sources/Core/A.swift")
        try write("notes\n", "NOTES.md")
        try git("add", "-A")
        try git("commit", "-q", "-m", "first")
        let dotGit = tree.appendingPathComponent(".git").path
        func modified(_ override: String = "-", workTree: String? = nil) throws -> String {
            let process = Process()
            process.executableURL = tool
            process.arguments = [output.path, dotGit, dotGit, override, workTree ?? tree.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            let text = try String(contentsOf: output, encoding: .utf8)
            return text.components(separatedBy: "hasUncommittedChanges: Bool? = ").last?
                .prefix { $0.isLetter }.description ?? "missing"
        }
        XCTAssertEqual(try modified(), "false", "a clean checkout")
        try write("let a = 2\n", "Sources/Core/A.swift")
        XCTAssertEqual(try modified(), "true", "an edit under Sources")
        try git("checkout", "--", "Sources/Core/A.swift")
        XCTAssertEqual(try modified(), "false", "the edit undone")
        try write("let b = 1\n", "Sources/Core/B.swift")
        XCTAssertEqual(try modified(), "true", "a new file under Sources, not yet tracked")
        try FileManager.default.removeItem(at: tree.appendingPathComponent("Sources/Core/B.swift"))
        try write("more notes\n", "NOTES.md")
        XCTAssertEqual(try modified(), "false", "a change outside Package.swift, Sources and Plugins")
        try write("// swift-tools-version:6.1\n", "Package.swift")
        XCTAssertEqual(try modified(), "true", "an edit of Package.swift")
        XCTAssertEqual(try modified(String(repeating: "d", count: 40)), "nil", "an override names a commit, not a checkout")
        XCTAssertEqual(try modified(workTree: "-"), "nil", "no work tree")
    }
}
