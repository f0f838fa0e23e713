import Foundation
@testable import MotionHarness
import XCTest

/// The easing probe's job and reply (JSON, like every engine child's): the job arrives whole with every double
/// exact, a job that is not one is refused naming its file and subject, and a reply that does not answer every subject
/// in shape is not taken for an answer.
final class EngineEasingJobTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("easing-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func write(_ text: String) throws -> String {
        let path = directory.appendingPathComponent("job.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testTheJobRoundTripsEveryDoubleExactly() throws {
        // Doubles whose shortest text is long, and the ones next to 0 and 1.
        let inputs = [0, 5e-324, 0.1, 1.0 / 3, 0.7.nextDown, 1.0.nextDown, 1]
        let job = EngineEasingJob(library: "/x/lib engine.so", heartbeat: "/tmp/beat",
                                  subjects: [.init(spec: "cubic-bezier(0.25, 0.1, 0.25, 1)", inputs: inputs),
                                             .init(spec: "steps(4, jump-both)", inputs: [0.5])])
        let path = try write(String(decoding: try JSONEncoder().encode(job), as: UTF8.self))
        let (read, functions) = try EngineEasingJob.read(path: path)
        XCTAssertEqual(read, job)
        XCTAssertEqual(read.subjects[0].inputs.map(\.bitPattern), inputs.map(\.bitPattern))
        XCTAssertEqual(functions.count, 2)
    }

    func testAJobThatIsNotOneIsRefusedNamingTheFileAndSubject() throws {
        let notJSON = try write("spec\tease\ninputs\t0.5\n")
        XCTAssertThrowsError(try EngineEasingJob.read(path: notJSON)) {
            XCTAssertTrue("\($0)".contains("is not an easing job"), "\($0)")
        }
        let badSpec = try write(#"{"library":"x.so","subjects":[{"spec":"ease","inputs":[0.5]},{"spec":"wobble","inputs":[0]}]}"#)
        XCTAssertThrowsError(try EngineEasingJob.read(path: badSpec)) {
            XCTAssertTrue("\($0)".contains("subject 1: 'wobble' is not a timing function"), "\($0)")
        }
        let badInput = try write(#"{"library":"x.so","subjects":[{"spec":"ease","inputs":[0.5, 1.5]}]}"#)
        XCTAssertThrowsError(try EngineEasingJob.read(path: badInput)) {
            XCTAssertTrue("\($0)".contains("subject 0: 1.5 is not an input in [0, 1]"), "\($0)")
        }
        XCTAssertThrowsError(try EngineEasingJob.read(path: directory.appendingPathComponent("missing").path)) {
            XCTAssertTrue("\($0)".contains("cannot read the job file"), "\($0)")
        }
    }

    func testOnlyAReplyAnsweringEverySubjectInShapeIsAnAnswer() throws {
        let inputs: [[Double]] = [[0, 0.5, 1], [0.25]]
        var reply = EngineEasingReply(engine: .init(name: "e", version: "1", precision: .float64),
                                      subjects: [.init(outputs: [0, 0.4, 1], nsPerEval: 12),
                                                 .init(unsupported: "no steps here")])
        let answer = try XCTUnwrap(reply.answer(inputs: inputs))
        XCTAssertEqual(answer.outputs[0], [0, 0.4, 1])
        XCTAssertNil(answer.outputs[1])
        XCTAssertEqual(answer.unsupported.map(\.message), ["no steps here"])
        XCTAssertEqual(answer.nsPerEval, [12, nil])

        reply.subjects[0].outputs = [0, 0.4]  // one output short
        XCTAssertNil(reply.answer(inputs: inputs))
        reply.subjects = [.init(outputs: [0, 0.4, 1])]  // a subject missing
        XCTAssertNil(reply.answer(inputs: inputs))
        reply = EngineEasingReply(engine: nil, subjects: [])
        XCTAssertNil(reply.answer(inputs: []), "no engine: not an answer")
    }
}
