import Dispatch
import Foundation
import Histogram
import MotionCore
import MotionEngine

/// What one pass over every frame recorded.
struct FrameRecord {
    /// Each frame's time, ns, in frame order.
    var frameNanoseconds: [UInt64] = []
    /// Each frame's number in the clock, in the same order.
    var frameNumbers: [Int] = []
    /// The CPU time the frame's threads ran during each frame, ns (`CPUReading`, read outside the timed work).
    var frameCPUNanoseconds: [UInt64] = []
    /// Involuntary context switches during each frame.
    var frameSwitches: [Int] = []
    /// The same times, for the percentiles.
    var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
    /// Mean share of layers mid-animation over the sampled frames (sampled passes only).
    var activeShare = 0.0
    /// Layer-frames compared with the scalar path and the largest relative error (sampled passes with --verify).
    var verification: (samples: Int, maxError: Double)?

    /// An empty record for `frames` frames.
    init(frames: Int) {
        frameNanoseconds.reserveCapacity(frames)
        frameNumbers.reserveCapacity(frames)
        frameCPUNanoseconds.reserveCapacity(frames)
        frameSwitches.reserveCapacity(frames)
    }

    /// Records frame `number`: its wall time and the CPU readings taken just before and just after it.
    mutating func append(frame number: Int, nanoseconds: UInt64, before: CPUReading, after: CPUReading) {
        frameNanoseconds.append(nanoseconds)
        frameNumbers.append(number)
        frameCPUNanoseconds.append(after.cpuNanoseconds &- before.cpuNanoseconds)
        frameSwitches.append(after.involuntarySwitches - before.involuntarySwitches)
        _ = histogram.record(max(nanoseconds, 1))
    }

    /// The 0th, 1st, …, 100th percentile of the frame times, ms (nearest rank).
    var percentilesMs: [Double] {
        let sorted = frameNanoseconds.sorted()
        guard !sorted.isEmpty else { return [] }
        return (0...100).map { percent in Double(sorted[min(sorted.count - 1, percent * sorted.count / 100)]) / 1e6 }
    }
}
