import Foundation
import MotionGate
import MotionHarness
import XCTest
import MotionTestSupport

/// `baseline --engine` and `gate --engine`: an engine team records its engine's instruction count and the gate catches
/// a 20% increase in it (the same engine rebuilt with a little more arithmetic per value), while the unchanged engine
/// passes.
final class EngineGateTests: XCTestCase {
    /// A fresh directory for a gate test's engines and files, once valgrind is known to be there (the caller removes it).
    func gateDirectory() throws -> URL {
        guard InstructionCounter.valgrindPath != nil else {
            throw MissingPrerequisite.error("valgrind is not installed (apt-get install -y valgrind)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func testGateCatchesATwentyPercentIncreaseInAnEngine() throws {
        let directory = try gateDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "ENGINE_NAME=\"gated\""
        let before = try TestEngines.build("broken_engine.c", name: "before", defines: ["MODE=MODE_NONE", name], in: directory)
        let slower = try TestEngines.build("broken_engine.c", name: "slower", defines: ["MODE=MODE_NONE", name, "EXTRA_WORK=1"],
                                           in: directory)
        let baseline = directory.appendingPathComponent("baseline.json").path
        let workload = ["--scenario", "fade", "--layers", "2000", "--frames", "30"]
        let recorded = try CommandRunner.run(["baseline", "--output", baseline, "--engine", before, "--mode", "instructions"]
                                             + workload)
        XCTAssertEqual(recorded.status, 0, recorded.standardError)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("engine:gated\\/fade\\/2000"), text)
        // The baseline keeps the frames, threads and library identity; a gate on other frames is not comparable.
        XCTAssertTrue(text.contains("\"frames\" : 30") || text.contains("\"frames\":30"), text)
        let otherFrames = try CommandRunner.run(["gate", "--baseline", baseline, "--engine", before, "--scenario", "fade",
                                                 "--layers", "2000", "--frames", "15"])
        XCTAssertEqual(otherFrames.status, 2, otherFrames.standardOutput + otherFrames.standardError)
        XCTAssertTrue(otherFrames.standardError.contains("not comparable") && otherFrames.standardError.contains("frames 15"),
                      otherFrames.standardError)

        // --allow-mismatch compares other frames per layer-frame, never raw totals of unlike work: the slower build
        // (about +20% per value) fails at half and at twice the baseline's frames, where its raw total at 15 frames is
        // about 40% below the baseline's 30.
        for frames in ["15", "60"] {
            let mismatched = try CommandRunner.run(["gate", "--baseline", baseline, "--engine", slower, "--scenario", "fade",
                                                    "--layers", "2000", "--frames", frames, "--allow-mismatch", "--format", "json"])
            XCTAssertEqual(mismatched.status, 1, "a slower head must fail at \(frames) frames: " + mismatched.standardOutput
                           + mismatched.standardError)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(mismatched.standardOutput.utf8)) as? [String: Any])
            let row = try XCTUnwrap((object["rows"] as? [[String: Any]])?.first)
            XCTAssertEqual(row["metric"] as? String, "instructions per layer-frame", "\(row)")
            XCTAssertGreaterThan(try XCTUnwrap(row["change"] as? Double), 0.1, "\(row)")
        }
        // A baseline that differs in threads only: the same build passes with --allow-mismatch, at a change of 0.
        let twoThreads = directory.appendingPathComponent("two-threads.json").path
        try text.replacingOccurrences(of: "\"threads\" : 1", with: "\"threads\" : 2")
            .replacingOccurrences(of: "\"threads\":1", with: "\"threads\":2").write(toFile: twoThreads, atomically: true, encoding: .utf8)
        let refusedThreads = try CommandRunner.run(["gate", "--baseline", twoThreads, "--engine", before] + workload)
        XCTAssertEqual(refusedThreads.status, 2, refusedThreads.standardError)
        XCTAssertTrue(refusedThreads.standardError.contains("threads 1 (this run) vs 2"), refusedThreads.standardError)
        let sameThreads = try CommandRunner.run(["gate", "--baseline", twoThreads, "--engine", before, "--allow-mismatch",
                                                 "--format", "json"] + workload)
        XCTAssertEqual(sameThreads.status, 0, sameThreads.standardOutput + sameThreads.standardError)
        XCTAssertTrue(sameThreads.standardOutput.contains("\"change\" : 0") || sameThreads.standardOutput.contains("\"change\":0"),
                      sameThreads.standardOutput)
        // Another scenario recorded under this workload's name is other work: refused with the flag too.
        let otherScenario = directory.appendingPathComponent("other-scenario.json").path
        try text.replacingOccurrences(of: "\"scenario\" : \"fade\"", with: "\"scenario\" : \"mixed\"")
            .replacingOccurrences(of: "\"scenario\":\"fade\"", with: "\"scenario\":\"mixed\"")
            .write(toFile: otherScenario, atomically: true, encoding: .utf8)
        let refusedScenario = try CommandRunner.run(["gate", "--baseline", otherScenario, "--engine", before,
                                                     "--allow-mismatch"] + workload)
        XCTAssertEqual(refusedScenario.status, 2, refusedScenario.standardOutput + refusedScenario.standardError)
        XCTAssertTrue(refusedScenario.standardError.contains("scenario fade (this run) vs mixed"), refusedScenario.standardError)

        // The engine team's next build, at the same path as the recorded one.
        let engine = directory.appendingPathComponent("libengine.so").path
        try FileManager.default.copyItem(atPath: before, toPath: engine)
        _ = try CommandRunner.run(["baseline", "--output", baseline, "--engine", engine, "--mode", "instructions"] + workload)
        let same = try CommandRunner.run(["gate", "--baseline", baseline, "--engine", engine, "--format", "json"] + workload)
        XCTAssertEqual(same.status, 0, same.standardOutput + same.standardError)

        try FileManager.default.removeItem(atPath: engine)
        try FileManager.default.copyItem(atPath: slower, toPath: engine)
        let gated = try CommandRunner.run(["gate", "--baseline", baseline, "--engine", engine, "--format", "json"] + workload)
        XCTAssertEqual(gated.status, 1, gated.standardOutput + gated.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(gated.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        let row = try XCTUnwrap(rows.first { ($0["workload"] as? String) == "engine:gated/fade/2000" })
        let change = try XCTUnwrap(row["change"] as? Double)
        // The slower build costs about 20% more (+22.7% when written): the gate must catch an increase of that size.
        XCTAssertGreaterThan(change, 0.15, "\(row)")
        XCTAssertLessThan(change, 0.35, "the regression should be about 20%, not a landslide: \(row)")
    }

    /// `gate --engine HEAD.so --base-engine BASE.so`: both builds of one engine under this motionbench. A head with a
    /// regression in one out-of-line function fails (exit 1); the same library under two paths passes (A/A).
    func testBaseEngineGateFailsTheSlowerHeadAndPassesTheSameLibraryUnderTwoPaths() throws {
        let directory = try gateDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "ENGINE_NAME=\"paired\""
        let base = try TestEngines.build("broken_engine.c", name: "base", defines: ["MODE=MODE_NONE", name], in: directory)
        let head = try TestEngines.build("broken_engine.c", name: "head", defines: ["MODE=MODE_NONE", name, "SLOW_FUNCTION=8"],
                                         in: directory)
        let copy = directory.appendingPathComponent("copy").appendingPathComponent("libbase.so").path
        try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: base, toPath: copy)
        let workload = ["--scenario", "fade", "--layers", "1000", "--frames", "20", "--time-budget", "0", "--format", "json"]

        let slower = try CommandRunner.run(["gate", "--engine", head, "--base-engine", base] + workload)
        XCTAssertEqual(slower.status, 1, slower.standardOutput + slower.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(slower.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        let row = try XCTUnwrap(rows.first { ($0["metric"] as? String)?.hasPrefix("instructions") == true }, "\(rows)")
        XCTAssertEqual(row["workload"] as? String, "engine:paired/fade/1000")
        XCTAssertEqual(row["verdict"] as? String, "FAIL")
        XCTAssertGreaterThan(try XCTUnwrap(row["change"] as? Double), 0.02, "\(row)")
        // The function table names the out-of-line function the regression sits in, with most of the change.
        let functions = try XCTUnwrap(row["functions"] as? [[String: Any]], "\(row)")
        let mover = try XCTUnwrap(functions.first, "\(row)")
        XCTAssertEqual(mover["name"] as? String, "deliberately_slow_function", "\(functions)")
        XCTAssertGreaterThan(try XCTUnwrap(mover["share"] as? Double), 0.5, "\(functions)")
        let text = try CommandRunner.run(["gate", "--engine", head, "--base-engine", base] + workload.dropLast(2))
        XCTAssertTrue(text.standardOutput.contains("deliberately_slow_function"), text.standardOutput)
        let notes = try XCTUnwrap(object["notes"] as? [String])
        XCTAssertTrue(notes.contains { $0.contains(head) && $0.contains(base) }, "the note names both libraries: \(notes)")

        let same = try CommandRunner.run(["gate", "--engine", copy, "--base-engine", base] + workload)
        XCTAssertEqual(same.status, 0, same.standardOutput + same.standardError)
        XCTAssertTrue(same.standardOutput.contains("\"verdict\" : \"PASS\"") || same.standardOutput.contains("\"verdict\":\"PASS\""),
                      same.standardOutput)
    }

    /// `_workload` takes an engine's workload both ways: as the job this build's gate writes, and as the flags of builds
    /// before the job (what a later build's `gate --against` gives its base binary). Both run the same measured loop
    /// (the same checksum); the flags' failure is an exit status with the engine's message on standard error.
    func testWorkloadChildTakesTheJobAndTheOlderFlagsAlike() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-workload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = try TestEngines.build("broken_engine.c", name: "plain",
                                            defines: ["MODE=MODE_NONE", "ENGINE_NAME=\"plain\""], in: directory)
        let name = "engine:plain/fade/300"
        let flags = try CommandRunner.run(["_workload", name, "--engine", library, "--scenario", "fade", "--layers", "300",
                                           "--frames", "6"])
        XCTAssertEqual(flags.status, 0, flags.standardError)
        let job = directory.appendingPathComponent("job.json").path
        try JSONEncoder().encode(EngineJob(library: library, request: .workload(EngineWorkloadRequest(
            name: name, scenario: try Scenario.named("fade").origin, layers: 300, frames: 6)))).write(to: URL(fileURLWithPath: job))
        let fromJob = try CommandRunner.run(["_workload", name, "--job", job])
        XCTAssertEqual(fromJob.status, 0, fromJob.standardError)
        let replies = try [flags, fromJob].map { result in
            try JSONDecoder().decode(EngineWorkloadReply.self, from: Data((result.standardOutput.split(separator: "\n").last ?? "").utf8))
        }
        XCTAssertEqual(replies.map(\.workload), [name, name])
        XCTAssertNotNil(replies[0].checksum)
        XCTAssertEqual(replies[0].checksum, replies[1].checksum, "one workload, one checksum")
        XCTAssertTrue(replies.allSatisfy { ($0.cpuSeconds ?? 0) > 0 }, "\(replies)")

        let wrongName = try CommandRunner.run(["_workload", "engine:other/fade/300", "--job", job])
        XCTAssertEqual(wrongName.status, 2)
        XCTAssertTrue(wrongName.standardError.contains("is not the job of workload 'engine:other/fade/300'"), wrongName.standardError)
        let failing = try TestEngines.build("broken_engine.c", name: "nocreate",
                                            defines: ["MODE=MODE_CREATE_FAILS", "ENGINE_NAME=\"nocreate\""], in: directory)
        let failed = try CommandRunner.run(["_workload", "engine:nocreate/fade/300", "--engine", failing, "--scenario", "fade",
                                            "--layers", "300", "--frames", "6"])
        XCTAssertEqual(failed.status, 1, failed.standardOutput + failed.standardError)
        XCTAssertTrue(failed.standardError.contains("nocreate"), failed.standardError)
    }

    /// The gate's timing runs of an engine are guarded (the engine runs in a worker forked by the child motionbench
    /// started, whose descendants die with motionbench even on SIGKILL); its instruction counts are not (under
    /// valgrind a forked worker's counts would share one file): the engine's `create` records which process ran it.
    func testTimingRunsOfAnEngineWorkloadAreGuardedAndCountsAreNot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pids = directory.appendingPathComponent("pids.txt").path
        let library = try TestEngines.build("broken_engine.c", name: "recorder",
                                            defines: ["MODE=MODE_NONE", "ENGINE_NAME=\"recorder\"", "RECORD_CREATOR",
                                                      "PID_FILE=\"\(pids)\""], in: directory)
        let name = "engine:recorder/fade/100"
        for guarded in [true, false] {
            try? FileManager.default.removeItem(atPath: pids)
            var request = EngineWorkloadRequest(name: name, scenario: try Scenario.named("fade").origin, layers: 100, frames: 3)
            request.guarded = guarded
            let job = directory.appendingPathComponent("job.json").path
            try EngineJob(library: library, request: .workload(request)).write(to: job)
            let process = Process()
            process.executableURL = try CommandRunner.executable
            process.arguments = ["_workload", name, "--job", job]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "guarded: \(guarded)")
            let recorded = try String(contentsOfFile: pids, encoding: .utf8).split(separator: " ")
                .map { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            let (creator, parent) = (try XCTUnwrap(recorded.first ?? nil), try XCTUnwrap(recorded.last ?? nil))
            if guarded {
                XCTAssertNotEqual(creator, process.processIdentifier, "a guarded engine runs in a forked worker")
                XCTAssertEqual(parent, process.processIdentifier, "whose parent is the guardian motionbench started")
            } else {
                XCTAssertEqual(creator, process.processIdentifier, "an unguarded engine runs in the child itself")
            }
        }
        XCTAssertFalse(EngineJob.Request.workload(EngineWorkloadRequest(
            name: name, scenario: try Scenario.named("fade").origin, layers: 1, frames: 1)).isGuarded, "unguarded by default")
    }
}
