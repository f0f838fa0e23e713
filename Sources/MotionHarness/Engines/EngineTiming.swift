import Dispatch
import MotionCore
import MotionEngine

/// The timed loop every engine runs through, MotionCore's batch evaluator included: each frame's chunks (concurrently
/// across threads when there is more than one: chunk k on the pass's worker thread k, `ChunkWorkers`), timed from
/// before the first chunk to after the last; then, outside the timed region, the engine's own frame check and the
/// caller's inspection of the frame.
enum EngineTiming {
    /// Per-chunk failures of one frame, written by the chunk that failed (one slot each), read after the frame.
    final class ChunkFailures: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<EngineError?>

        /// Slots for `chunks` chunks.
        init(chunks: Int) { slots = .allocate(capacity: max(chunks, 1)); slots.initialize(repeating: nil) }
        deinit { slots.deallocate() }

        /// Records chunk `chunk`'s failure.
        func record(_ error: EngineError, chunk: Int) { slots[chunk] = error }

        /// The first failure recorded since the last call, cleared.
        func take() -> EngineError? {
            for index in slots.indices where slots[index] != nil {
                let failure = slots[index]
                slots[index] = nil
                return failure
            }
            return nil
        }
    }

    /// Evaluates one frame at `time` in `workers.chunks` chunks, on the pass's worker threads.
    @inline(__always)
    static func evaluate(_ engine: any AnimationEngine, time: Double, workers: ChunkWorkers, failures: ChunkFailures)
        throws(EngineError)
    {
        let chunks = workers.chunks
        if chunks == 1 {
            try engine.evaluateFrame(time: time, chunk: 0, of: 1)
            return
        }
        workers.run { chunk in
            do throws(EngineError) {
                try engine.evaluateFrame(time: time, chunk: chunk, of: chunks)
            } catch {
                failures.record(error, chunk: chunk)
            }
        }
        if let failure = failures.take() { throw failure }
    }

    /// Times `frames` (indices into `clock`, increasing) on `engine` in `chunks` chunks, from the engine's reset state.
    /// After each frame, outside the timing: the engine's `checkFrame`, then `inspect(index, frame)`. A failure is
    /// rethrown naming the frame.
    static func pass(_ engine: any AnimationEngine, clock: FrameClock, frames: [Int], chunks: Int,
                     heartbeat: EngineHeartbeat? = nil,
                     inspect: (Int, LayerFrame) throws(EngineError) -> Void) throws(EngineError) -> FrameRecord {
        var record = FrameRecord(frames: frames.count)
        let failures = ChunkFailures(chunks: chunks)
        heartbeat?.beat(.reset)
        try engine.reset()
        // The pass's worker threads, chunk k on thread k for every frame; joined when the pass ends or fails.
        try ChunkWorkers.with(chunks: chunks) { workers throws(EngineError) in
            for index in frames {
                let frame = clock.frame(index)
                heartbeat?.beat(.evaluateFrame, frame: index, time: frame.time)
                // The CPU readings enclose the timed region, outside it (`FrameNoise`).
                let before = CPUReading.now(threads: chunks)
                let start = DispatchTime.now().uptimeNanoseconds
                do throws(EngineError) {
                    try evaluate(engine, time: frame.time, workers: workers, failures: failures)
                } catch {
                    throw EngineError(error.message + " (frame \(index) of \(clock.frames))")
                }
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                record.append(frame: index, nanoseconds: elapsed, before: before, after: CPUReading.now(threads: chunks))
                heartbeat?.beat(.checkOutputs, frame: index, time: frame.time)
                do throws(EngineError) {
                    try engine.checkFrame(chunks: chunks, time: frame.time)
                } catch {
                    throw EngineError(error.message + " (frame \(index) of \(clock.frames))")
                }
                try inspect(index, frame)
            }
        }
        return record
    }
}
