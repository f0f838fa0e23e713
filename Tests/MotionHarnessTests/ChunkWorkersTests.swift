import Foundation
@testable import MotionHarness
import XCTest

/// The frame's worker threads (`ChunkWorkers`): every chunk of every frame runs exactly once, with that frame's body,
/// whether its worker is ready, late or asleep; the threads are gone when the pass ends, also when it throws.
final class ChunkWorkersTests: XCTestCase {
    /// Per chunk, the frames it ran in, written only by the thread that ran it (one slot per chunk and frame).
    private final class Ledger: @unchecked Sendable {
        let frames: Int, chunks: Int
        let runs: UnsafeMutablePointer<Int>
        init(frames: Int, chunks: Int) {
            (self.frames, self.chunks) = (frames, chunks)
            runs = .allocate(capacity: frames * chunks)
            runs.initialize(repeating: 0, count: frames * chunks)
        }
        deinit { runs.deallocate() }
        func record(frame: Int, chunk: Int) { runs[frame * chunks + chunk] += 1 }
    }

    /// The names of this process's threads whose name starts with the workers' prefix.
    private func workerThreads() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.hasPrefix(ChunkWorkers.threadNamePrefix) }
    }

    func testEveryChunkOfEveryFrameRunsOnceWithItsFramesBody() throws {
        for chunks in [1, 2, 3, 8] {
            let frames = 3_000
            let ledger = Ledger(frames: frames, chunks: chunks)
            ChunkWorkers.with(chunks: chunks) { workers in
                // (Each worker names itself as it starts.)
                let deadline = Date().addingTimeInterval(5)
                while workerThreads().count < chunks - 1, Date() < deadline { usleep(1_000) }
                XCTAssertEqual(workerThreads().count, chunks - 1, "one worker per chunk past the first")
                for frame in 0..<frames {
                    // Some frames leave the workers time to fall asleep (past the spin window), some are back to back,
                    // and chunk 0 is sometimes long, sometimes empty.
                    if frame % 500 == 499 { usleep(3_000) }
                    workers.run { chunk in
                        if chunk == 0, frame % 3 == 0 { usleep(50) }
                        ledger.record(frame: frame, chunk: chunk)
                    }
                }
            }
            for frame in 0..<frames {
                for chunk in 0..<chunks {
                    XCTAssertEqual(ledger.runs[frame * chunks + chunk], 1, "\(chunks) chunks: frame \(frame), chunk \(chunk)")
                }
            }
            XCTAssertEqual(workerThreads(), [], "\(chunks) chunks: the workers are joined when the pass ends")
        }
    }

    /// Workers asleep (a pause longer than their spin window before each frame) are late for the next frame: the
    /// calling thread takes their chunks, each still run once, and chunk 0 always runs on the calling thread.
    func testTheCallingThreadTakesChunksWhoseWorkerIsLate() throws {
        let frames = 100, chunks = 4
        let ledger = Ledger(frames: frames, chunks: chunks)
        let ranOnCaller = Ledger(frames: frames, chunks: chunks)
        let caller = pthread_self()
        ChunkWorkers.with(chunks: chunks) { workers in
            for frame in 0..<frames {
                usleep(UInt32(2 * ChunkWorkers.spinNanoseconds / 1_000))
                workers.run { chunk in
                    if pthread_equal(pthread_self(), caller) != 0 { ranOnCaller.record(frame: frame, chunk: chunk) }
                    ledger.record(frame: frame, chunk: chunk)
                }
            }
        }
        XCTAssertEqual((0..<frames * chunks).map { ledger.runs[$0] }, Array(repeating: 1, count: frames * chunks))
        XCTAssertTrue((0..<frames).allSatisfy { ranOnCaller.runs[$0 * chunks] == 1 }, "chunk 0 runs on the calling thread")
        let taken = (0..<frames).reduce(0) { sum, frame in sum + (1..<chunks).reduce(0) { $0 + ranOnCaller.runs[frame * chunks + $1] } }
        XCTAssertGreaterThan(taken, 0, "the calling thread took no chunk from a sleeping worker")
    }

    func testTheWorkersAreJoinedWhenThePassThrows() {
        struct Stop: Error {}
        XCTAssertThrowsError(try ChunkWorkers.with(chunks: 3) { workers throws(Stop) in
            workers.run { _ in }
            throw Stop()
        })
        XCTAssertEqual(workerThreads(), [])
    }
}
