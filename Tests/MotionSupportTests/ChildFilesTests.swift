import Foundation
@testable import MotionSupport
import XCTest

/// The heartbeat and input files a SIGKILLed motionbench leaves in TMPDIR are removed by the next one, and only once
/// their owner is gone.
final class ChildFilesTests: XCTestCase {
    func testOrphanedFilesOfADeadOwnerAreSweptAndOthersKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A pid that has just ended: a finished child's.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let names = ["motionbench-heartbeat-\(dead)-A", "motionbench-easing-\(dead)-B.inputs",
                     "motionbench-heartbeat-\(getpid())-C", "motionbench-heartbeat-1-D", "someone-else-\(dead)"]
        for name in names { try Data().write(to: folder.appendingPathComponent(name)) }
        XCTAssertEqual(ChildFiles.sweepOrphans(in: folder), 2)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)),
                       ["motionbench-heartbeat-\(getpid())-C", "motionbench-heartbeat-1-D", "someone-else-\(dead)"],
                       "this process's files, init's (alive) and other programs' files stay")
    }
}
