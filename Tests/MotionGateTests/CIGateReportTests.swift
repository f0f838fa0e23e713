import Foundation
import XCTest

/// `scripts/ci-gate-report.py` (what `.github/workflows/performance.yml` runs after the gate) in a fake GitHub
/// environment: a stand-in `gh` on PATH (Tests/CIFixtures/gh) records each call and keeps the pull request's comments,
/// and the gate's outputs are recorded runs of the real `motionbench gate --format json` (Tests/CIFixtures), so no
/// callgrind runs here.
final class CIGateReportTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private var fixtures: URL { root.appendingPathComponent("Tests/CIFixtures") }
    private var folder: URL!

    /// One recorded `gh api` call.
    private struct Call: Decodable {
        let method: String
        let path: String
        let body: [String: String]?
    }

    /// What the fake GitHub holds after the calls.
    private struct State: Decodable {
        struct Comment: Decodable { let id: Int; let body: String }
        struct File: Decodable { let branch: String; let content: String }
        let comments: [Comment]
        let files: [String: File]
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ci-gate-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"{"pull_request":{"number":35},"repository":{"default_branch":"main"}}"#
            .write(to: folder.appendingPathComponent("pull-request.json"), atomically: true, encoding: .utf8)
        try #"{"repository":{"default_branch":"main"}}"#
            .write(to: folder.appendingPathComponent("push.json"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the script with `arguments` as GitHub Actions would on `event`; returns the exit code and stderr.
    private func report(_ arguments: [String], event: String = "pull_request", ref: String = "refs/pull/35/merge",
                        failing: String? = nil) throws -> (status: Int32, stderr: String) {
        try execute("/usr/bin/env", ["python3", root.appendingPathComponent("scripts/ci-gate-report.py").path] + arguments,
                    environment: githubEnvironment(event: event, ref: ref, failing: failing))
    }

    /// The environment GitHub Actions gives a step on `event`, with the stand-in `gh` first on PATH.
    private func githubEnvironment(event: String = "pull_request", ref: String = "refs/pull/35/merge",
                                   failing: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = fixtures.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FAKE_GH_LOG"] = folder.appendingPathComponent("calls.jsonl").path
        environment["FAKE_GH_STATE"] = folder.appendingPathComponent("github.json").path
        environment["FAKE_GH_FAIL"] = failing
        environment["GITHUB_STEP_SUMMARY"] = folder.appendingPathComponent("summary.md").path
        environment["GITHUB_REPOSITORY"] = "motionbench/motionbench"
        environment["GITHUB_RUN_ID"] = "4242"
        environment["GITHUB_SHA"] = "0123456789abcdef0123456789abcdef01234567"
        environment["GITHUB_EVENT_NAME"] = event
        environment["GITHUB_REF"] = ref
        environment["GITHUB_EVENT_PATH"] = folder.appendingPathComponent(event == "push" ? "push.json" : "pull-request.json").path
        return environment
    }

    /// Runs `executable arguments` in `directory` (default: the current one); returns the exit code and stderr.
    private func execute(_ executable: String, _ arguments: [String], environment: [String: String],
                         in directory: URL? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    private func calls() throws -> [Call] {
        let url = folder.appendingPathComponent("calls.jsonl")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Call.self, from: Data($0.utf8)) }
    }

    private func state() throws -> State {
        try JSONDecoder().decode(State.self, from: Data(contentsOf: folder.appendingPathComponent("github.json")))
    }

    private func summary() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
    }

    /// The verdict and failing workloads the recorded gate output holds (read, not assumed).
    private func recorded(_ name: String) throws -> (verdict: String, failed: [String]) {
        struct Row: Decodable { let workload, verdict: String }
        struct Document: Decodable { let verdict: String; let rows: [Row] }
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: URL(fileURLWithPath: fixture(name))))
        return (document.verdict, document.rows.filter { $0.verdict == "FAIL" }.map(\.workload))
    }

    func testFailingGateWritesOneCommentUpdatedInPlaceAndTheSummaryAndExitsNonZero() throws {
        let failing = try recorded("gate-fail.json")
        XCTAssertEqual(failing.verdict, "FAIL", "the fixture must be a failing gate")
        // Someone else's comments are already there (two pages of them): neither is touched.
        try #"{"comments":[{"id":7,"body":"LGTM"},{"id":8,"body":"**Performance gate: FAIL** (pasted by hand)"}],"next":100,"files":{}}"#
            .write(to: folder.appendingPathComponent("github.json"), atomically: true, encoding: .utf8)

        let first = try report(["--gate", fixture("gate-fail.json"), "--gate-exit", "1", "--label", "against base"])
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertEqual(try calls().map(\.method), ["GET", "POST"])
        var comments = try state().comments
        XCTAssertEqual(comments.count, 3)
        let created = try XCTUnwrap(comments.last)
        XCTAssertTrue(created.body.contains("<!-- motionbench-gate-report -->"))
        XCTAssertTrue(created.body.contains("### MotionBench performance gate: FAIL"))
        for workload in failing.failed {
            XCTAssertTrue(created.body.contains("| \(workload) | instructions |"), "the table names \(workload)")
            XCTAssertTrue(created.body.contains("_workload \(workload)"), "the comment says how to find the cause")
        }
        XCTAssertTrue(try summary().contains("#### against base: FAIL"))

        // The next push: the same comment is updated, no second one is created, the summary is appended again.
        let second = try report(["--gate", fixture("gate-fail.json"), "--gate-exit", "1", "--label", "against base"])
        XCTAssertEqual(second.status, 1, second.stderr)
        let log = try calls()
        XCTAssertEqual(log.map(\.method), ["GET", "POST", "GET", "PATCH"])
        XCTAssertEqual(log.last?.path, "repos/motionbench/motionbench/issues/comments/\(created.id)")
        comments = try state().comments
        XCTAssertEqual(comments.count, 3, "one report comment, updated in place")
        XCTAssertEqual(comments.map(\.body).prefix(2), ["LGTM", "**Performance gate: FAIL** (pasted by hand)"])
        XCTAssertEqual(try summary().components(separatedBy: "#### against base: FAIL").count - 1, 2)
    }

    /// An engine team's gate (`gate --engine HEAD.so --base-engine BASE.so`, Examples/CI/engine-gate.yml): the one
    /// comment carries the function table that names where the head's regression sits.
    func testAnEngineGateCommentNamesTheFunctionThatMoved() throws {
        let failing = try recorded("gate-engine-fail.json")
        XCTAssertEqual(failing.verdict, "FAIL", "the fixture must be a failing engine gate")
        let result = try report(["--gate", fixture("gate-engine-fail.json"), "--gate-exit", "1",
                                 "--label", "libengine.so head against base"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let comment = try XCTUnwrap(try state().comments.last)
        XCTAssertTrue(comment.body.contains("functions that moved most in engine:example-c-float32/mixed/2000"),
                      comment.body)
        XCTAssertTrue(comment.body.contains("| spring_terms | libengine.so | 0 | 507877 | +507877 | 116.0% |"), comment.body)
        XCTAssertTrue(try summary().contains("spring_terms"))
    }

    /// Examples/CI/engine-gate.yml as GitHub would run its report step: the step's own shell lines (its `${{ }}`
    /// expressions filled in as GitHub would, the `env` block exported), against the stand-in `gh`, after a failing
    /// engine gate. The workflow's gate step uses only options `gate` has.
    func testTheEngineTeamsWorkflowPostsOneCommentWithTheFunctionTable() throws {
        let workflow = try String(contentsOf: root.appendingPathComponent("Examples/CI/engine-gate.yml"), encoding: .utf8)
        let lines = workflow.components(separatedBy: "\n")
        /// The `run: |` block of the step named `name`, dedented.
        func script(_ name: String) throws -> String {
            let start = try XCTUnwrap(lines.firstIndex { $0.contains("- name: \(name)") }, "no step \(name)")
            let run = try XCTUnwrap(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
            let indent = lines[run + 1].prefix { $0 == " " }.count
            return lines[(run + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: indent)) || $0.isEmpty }
                .map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
        }
        var environment = githubEnvironment()
        environment["GH_TOKEN"] = "fake"
        // The workflow's env block.
        for line in lines.drop(while: { $0 != "env:" }).dropFirst().prefix(while: { $0.hasPrefix("  ") }) {
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: ":")
            let value = parts.dropFirst().joined(separator: ":").components(separatedBy: "#")[0]
            environment[parts[0]] = value.trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(environment["ENGINE_LIBRARY"], "build/libmyengine.so")

        // The checkout the steps expect: MotionBench at ./motionbench, the gate's output in reports/.
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("motionbench"), withDestinationURL: root)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("gate-engine-fail.json"),
                                         toPath: folder.appendingPathComponent("reports/gate.json").path)
        try "".write(to: folder.appendingPathComponent("reports/gate.log"), atomically: true, encoding: .utf8)
        let reportStep = try script("Report and decide").replacingOccurrences(of: "${{ steps.gate.outputs.code || 2 }}", with: "1")
        XCTAssertFalse(reportStep.contains("${{"), "every expression of the step is filled in: \(reportStep)")
        let result = try execute("/bin/bash", ["-euo", "pipefail", "-c", reportStep], environment: environment, in: folder)
        XCTAssertEqual(result.status, 1, "a failing gate fails the job: \(result.stderr)")
        let comment = try XCTUnwrap(try state().comments.last)
        XCTAssertTrue(comment.body.contains("### Engine performance gate: FAIL"), comment.body)
        XCTAssertTrue(comment.body.contains("build/libmyengine.so: head against base"), comment.body)
        XCTAssertTrue(comment.body.contains("| spring_terms |"), comment.body)
        // Run again (the next push): the same comment is updated in place.
        _ = try execute("/bin/bash", ["-euo", "pipefail", "-c", reportStep], environment: environment, in: folder)
        XCTAssertEqual(try state().comments.count, 1)

        XCTAssertTrue(reportStep.contains("--docs-url"), "an engine's repository links to MotionBench's docs")
        let linked = try report(["--gate", fixture("gate-fail.json"), "--docs-url", "https://example.org/mb/blob/v1/"])
        XCTAssertEqual(linked.status, 1)
        XCTAssertTrue(try state().comments.last?.body.contains("https://example.org/mb/blob/v1/docs/ci-gate.md") == true)

        let gateStep = try script("Gate head against base")
        for option in ["--engine", "--base-engine", "--scenario", "--layers", "--frames", "--format"] {
            XCTAssertTrue(gateStep.contains(option + " "), "the gate step passes \(option)")
        }
    }

    func testPassingAndWarningGatesExitZeroAndReplaceTheFailingComment() throws {
        XCTAssertEqual(try report(["--gate", fixture("gate-fail.json")]).status, 1)
        for (name, verdict) in [("gate-pass.json", "PASS"), ("gate-warn.json", "WARN")] {
            XCTAssertEqual(try recorded(name).verdict, verdict, "fixture \(name)")
            let result = try report(["--gate", fixture(name)])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let comments = try state().comments
            XCTAssertEqual(comments.count, 1)
            XCTAssertTrue(comments[0].body.contains("### MotionBench performance gate: \(verdict)"), comments[0].body)
            XCTAssertFalse(comments[0].body.contains("Finding the cause"), "no FAIL, no cause to find")
        }
        XCTAssertEqual(try calls().map(\.method), ["GET", "POST", "GET", "PATCH", "GET", "PATCH"])
    }

    func testAFailedGateAmongSeveralFailsTheReport() throws {
        let result = try report(["--gate", fixture("gate-pass.json"), "--label", "baseline",
                                 "--gate", fixture("gate-fail.json"), "--label", "against base"])
        XCTAssertEqual(result.status, 1)
        let text = try summary()
        XCTAssertTrue(text.contains("### MotionBench performance gate: FAIL"))
        XCTAssertTrue(text.contains("#### baseline: PASS"))
        XCTAssertTrue(text.contains("#### against base: FAIL"))
    }

    func testAGateWithoutAReportIsAnErrorWithItsMessage() throws {
        let log = folder.appendingPathComponent("gate.log")
        try "motionbench: gate: valgrind is not installed (apt-get install valgrind)\n".write(to: log, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("gate.json")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        let result = try report(["--gate", empty.path, "--gate-exit", "2", "--gate-log", log.path])
        XCTAssertEqual(result.status, 2)
        let body = try XCTUnwrap(try state().comments.first).body
        XCTAssertTrue(body.contains("ERROR (exit 2)"), body)
        XCTAssertTrue(body.contains("is empty"), body)
        XCTAssertTrue(body.contains("valgrind is not installed"), body)
    }

    func testAPushToMainUploadsTheDashboardExportsAndWritesNoComment() throws {
        let result = try report(["--gate", fixture("gate-pass.json"), "--dashboard", fixture("gate-bmf.json")],
                                event: "push", ref: "refs/heads/main")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try calls().map(\.method), ["PUT"])
        let files = try state().files
        XCTAssertEqual(files.count, 1)
        let (path, file) = try XCTUnwrap(files.first)
        XCTAssertTrue(path.hasPrefix("runs/") && path.hasSuffix("-0123456789ab/gate-bmf.json"), path)
        XCTAssertEqual(file.branch, "benchmark-data")
        XCTAssertEqual(Data(base64Encoded: file.content), try Data(contentsOf: URL(fileURLWithPath: fixture("gate-bmf.json"))))
    }

    func testAPullRequestDoesNotUploadAndSaysSo() throws {
        XCTAssertEqual(try report(["--gate", fixture("gate-pass.json"), "--dashboard", fixture("gate-bmf.json")]).status, 0)
        XCTAssertFalse(try calls().contains { $0.method == "PUT" })
        XCTAssertTrue(try summary().contains("dashboard exports not uploaded"))
    }

    func testACommentTheTokenMayNotWriteIsAWarningAndTheVerdictStillDecides() throws {
        let result = try report(["--gate", fixture("gate-pass.json")], failing: "POST")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("::warning::the pull-request comment was not written"), result.stderr)
        XCTAssertTrue(try summary().contains("### MotionBench performance gate: PASS"))
        let failed = try report(["--gate", fixture("gate-fail.json")], failing: "POST")
        XCTAssertEqual(failed.status, 1)
    }
}
