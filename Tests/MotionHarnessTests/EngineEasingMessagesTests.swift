import Foundation
@testable import MotionHarness
import XCTest

/// The easing probe's subjects and reply (JSON, like every engine child's): the subjects arrive whole with every double
/// exact, a subject that is not a timing function or an input outside [0, 1] is refused naming the subject, and a
/// reply that does not answer every subject in shape is not taken for an answer.
final class EngineEasingMessagesTests: XCTestCase {
    func testTheSubjectsRoundTripEveryDoubleExactlyInAJob() throws {
        // Doubles whose shortest text is long, and the ones next to 0 and 1.
        let inputs = [0, 5e-324, 0.1, 1.0 / 3, 0.7.nextDown, 1.0.nextDown, 1]
        let subjects = [EngineEasingSubject(spec: "cubic-bezier(0.25, 0.1, 0.25, 1)", inputs: inputs),
                        EngineEasingSubject(spec: "steps(4, jump-both)", inputs: [0.5])]
        let job = EngineJob(library: "/x/lib engine.so", heartbeat: "/tmp/beat", request: .easing(subjects))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("easing-job-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try job.write(to: path)
        let read = try EngineJob.read(path: path)
        XCTAssertEqual(read, job)
        guard case .easing(let received) = read.request else { return XCTFail("not an easing request: \(read.request)") }
        XCTAssertEqual(received[0].inputs.map(\.bitPattern), inputs.map(\.bitPattern))
        XCTAssertEqual(try EngineEasingSubject.parse(received).count, 2)
    }

    func testASubjectThatIsNotOneIsRefusedNamingTheSubject() throws {
        XCTAssertThrowsError(try EngineEasingSubject.parse([.init(spec: "ease", inputs: [0.5]), .init(spec: "wobble", inputs: [0])])) {
            XCTAssertTrue("\($0)".contains("subject 1: 'wobble' is not a timing function"), "\($0)")
        }
        XCTAssertThrowsError(try EngineEasingSubject.parse([.init(spec: "ease", inputs: [0.5, 1.5])])) {
            XCTAssertTrue("\($0)".contains("subject 0: 1.5 is not an input in [0, 1]"), "\($0)")
        }
        XCTAssertThrowsError(try EngineEasingSubject.parse([.init(spec: "ease", inputs: [.nan])])) {
            XCTAssertTrue("\($0)".contains("subject 0: nan is not an input in [0, 1]"), "\($0)")
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
