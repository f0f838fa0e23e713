import Foundation
import XCTest

/// Commands reading standard input answer each line as it arrives through a pipe, not when the input ends: the test
/// writes one line, waits (with a time limit) for its answer, and only then writes the next.
final class StreamingInputTests: XCTestCase {
    /// Standard output of the child, collected on a reader thread; `waitForLines` waits until it holds `count` lines.
    private final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var bytes = Data()

        func append(_ data: Data) {
            condition.lock()
            bytes.append(data)
            condition.broadcast()
            condition.unlock()
        }

        /// The first `count` lines once they have arrived, or nil when `seconds` pass first.
        func waitForLines(_ count: Int, seconds: Double) -> [String]? {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            defer { condition.unlock() }
            while bytes.filter({ $0 == UInt8(ascii: "\n") }).count < count {
                guard condition.wait(until: deadline) else { return nil }
            }
            return Array(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).prefix(count).map(String.init))
        }
    }

    /// Runs `arguments`, writing `inputs` one line at a time, each after the previous answer (and the `header` lines
    /// before the first) arrived; returns the answer lines.
    private func answers(_ arguments: [String], _ inputs: [String], header: Int = 0) throws -> [String] {
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput) = (input, output)
        process.standardError = FileHandle.nullDevice
        signal(SIGPIPE, SIG_IGN)
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            output.fileHandleForReading.readabilityHandler = nil
        }
        for (index, line) in inputs.enumerated() {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            // Generous: the point is that the answer comes before the input ends, not how fast.
            guard collected.waitForLines(header + index + 1, seconds: 60) != nil else {
                XCTFail("\(arguments): no answer to line \(index + 1) ('\(line)') while standard input stays open")
                return []
            }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(arguments)")
        return collected.waitForLines(header + inputs.count, seconds: 10) ?? []
    }

    /// The same command with the inputs as arguments (all at once): the answers to compare with.
    private func batch(_ arguments: [String], _ inputs: [String]) throws -> [String] {
        let result = try CommandRunner.run(arguments + inputs)
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.standardOutput.split(whereSeparator: \.isNewline).map(String.init)
    }

    func testEvalAnswersEachLineAsItArrives() throws {
        let inputs = ["0.25", "0.5", "0.75"]
        XCTAssertEqual(try answers(["eval", "ease"], inputs), try batch(["eval", "ease"], inputs))
        let csv = ["eval", "spring(duration: 0.5, bounce: 0.3)", "--velocity", "--format", "csv"]
        XCTAssertEqual(try answers(csv, inputs, header: 1), try batch(csv, inputs))
    }

    func testTimingAndInterpolateAnswerEachLineAsItArrives() throws {
        let timing = ["timing", "--duration", "2", "--iterations", "3"]
        XCTAssertEqual(try answers(timing, ["0.5", "2.5", "7"]), try batch(timing, ["0.5", "2.5", "7"]))
        let interpolate = ["interpolate", "none", "translate(10px, 20px) scale(2)"]
        XCTAssertEqual(try answers(interpolate, ["0", "0.5"]), try batch(interpolate, ["0", "0.5"]))
    }
}
