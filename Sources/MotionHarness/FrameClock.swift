import MotionSupport
import Foundation
import MotionCore

/// The frame timestamps a run evaluates: a fixed rate, the documented variable-refresh pattern, or a file.
///
/// Times are seconds since the clock started; frame 0 (time 0) is the state before the first evaluated frame.
public struct FrameClock: Sendable, Codable, Equatable {
    /// What produced the timestamps, for reports: "120 Hz", "vrr (seed 1)", or the file name.
    public let label: String
    /// The nominal frame interval in seconds (1/rate): `staggerFrames` counts in it and the budget is one of it.
    public let nominalInterval: Double
    /// Whether every interval is the nominal one.
    public let isFixedRate: Bool
    /// Times of frames 1…F in seconds, strictly increasing, after time 0.
    public let times: [Double]
    /// The interval before each frame as the display states it (exactly 1/rate at a fixed rate); nil: the differences.
    let intervals: [Double]?

    init(label: String, nominalInterval: Double, isFixedRate: Bool, times: [Double], intervals: [Double]? = nil) {
        (self.label, self.nominalInterval, self.isFixedRate, self.times, self.intervals) =
            (label, nominalInterval, isFixedRate, times, intervals)
    }

    /// `frames` frames at `rate` Hz: frame k at k/rate.
    public static func fixed(rate: Double, frames: Int) -> FrameClock {
        FrameClock(label: "\(formatSpecNumber(rate)) Hz", nominalInterval: 1 / rate, isFixedRate: true,
                   times: (1...max(frames, 1)).map { Double($0) / rate },
                   intervals: [Double](repeating: 1 / rate, count: max(frames, 1)))
    }

    /// The variable-refresh pattern: a ProMotion-style display at `rate` Hz (120 by default) that runs in phases of
    /// 30 to 90 frames at the full rate, two thirds of it, or half of it (weights 3 : 1 : 1), and within any phase
    /// drops a frame with probability 3% (that interval doubles). Seeded: the same `seed` gives the same times.
    public static func variableRefresh(rate: Double, frames: Int, seed: UInt64) -> FrameClock {
        var generator = SplitMix64(seed: seed ^ 0x7672_7200)
        let base = 1 / rate
        var times: [Double] = [], intervals: [Double] = [], time = 0.0, phaseLeft = 0, interval = base
        while times.count < max(frames, 1) {
            if phaseLeft == 0 {
                phaseLeft = Int.random(in: 30...90, using: &generator)
                interval = [base, base * 1.5, base * 2][WeightedChoice.index([3, 1, 1], &generator)]
            }
            phaseLeft -= 1
            let dropped = Double.random(in: 0..<1, using: &generator) < 0.03
            let step = dropped ? 2 * interval : interval
            time += step
            times.append(time)
            intervals.append(step)
        }
        return FrameClock(label: "vrr at up to \(formatSpecNumber(rate)) Hz (seed \(seed))", nominalInterval: base,
                          isFixedRate: false, times: times, intervals: intervals)
    }

    /// Timestamps read from `path`, one number of seconds per line (blank lines and `#` comments skipped), strictly
    /// increasing; times are taken relative to the first line, which is frame 0. The nominal interval is the median
    /// interval. The first `frames` frames after it are used when the file has more.
    /// - Throws: `FrameClockError` naming the file, the line and the rule.
    public static func file(_ path: String, frames: Int?) throws(FrameClockError) -> FrameClock {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw FrameClockError(message: "--frame-times \(path): \(error.reason)")
        }
        var stamps: [Double] = []
        for (index, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let value = Double(line), value.isFinite else {
                throw FrameClockError(message: "--frame-times \(path): line \(index + 1) '\(line.prefix(40))' is not a finite number of seconds")
            }
            if let last = stamps.last, !(value > last) {
                throw FrameClockError(message: "--frame-times \(path): line \(index + 1) (\(line)) is not after the previous timestamp (\(formatSpecNumber(last)))")
            }
            stamps.append(value)
            if let frames, stamps.count > frames { break }
        }
        guard stamps.count >= 2 else {
            throw FrameClockError(message: "--frame-times \(path): needs at least two timestamps (frame 0 and one frame)")
        }
        let times = stamps.dropFirst().map { $0 - stamps[0] }
        guard let last = times.last, last <= 86_400 else {
            throw FrameClockError(message: "--frame-times \(path): spans more than 86400 s")
        }
        let intervals = zip(times, [0] + times).map { $0 - $1 }.sorted()
        guard intervals[0] >= minimumInterval else {
            throw FrameClockError(message: "--frame-times \(path): an interval of \(formatSpecNumber(intervals[0])) s is shorter "
                                  + "than \(formatSpecNumber(minimumInterval)) s (10000 Hz, the fastest rate run accepts)")
        }
        let nominal = intervals[intervals.count / 2]
        let fixed = intervals[0] == intervals[intervals.count - 1]
        return FrameClock(label: (path as NSString).lastPathComponent, nominalInterval: nominal, isFixedRate: fixed,
                          times: Array(times))
    }

    /// The shortest frame interval a file may give, in seconds (10,000 Hz, as `--rate` allows).
    public static let minimumInterval = 1e-4

    /// Frames evaluated.
    /// Whether the clock could have come from one of the constructors with a frame count in `frames`: a finite
    /// positive nominal interval, finite strictly increasing times after 0, and one stated interval per frame (or
    /// none). A clock that arrives in a job is checked with it.
    package func isWellFormed(frames: ClosedRange<Int>) -> Bool {
        guard frames.contains(times.count), nominalInterval.isFinite, nominalInterval > 0,
              intervals.map({ $0.count == times.count && $0.allSatisfy { $0.isFinite && $0 > 0 } }) ?? true else {
            return false
        }
        var previous = 0.0
        for time in times {
            guard time.isFinite, time > previous else { return false }
            previous = time
        }
        return true
    }

    public var frames: Int { times.count }

    /// The clock `run` builds from its options: `frameTimes` nil for a fixed `rate`, `vrr` for the seeded
    /// variable-refresh pattern at top rate `rate` (seeded by `seed`), else a file of seconds.
    /// - Throws: `FrameClockError` naming the file and line for a bad frame-times file.
    public static func named(_ frameTimes: String?, rate: Double, frames: Int, seed: UInt64) throws(FrameClockError) -> FrameClock {
        switch frameTimes {
        case nil: return .fixed(rate: rate, frames: frames)
        case "vrr"?: return .variableRefresh(rate: rate, frames: frames, seed: seed)
        case let path?: return try .file(path, frames: frames)
        }
    }

    /// Frame `index` (1…frames).
    public func frame(_ index: Int) -> LayerFrame {
        LayerFrame(index: index, time: times[index - 1], previousTime: index == 1 ? 0 : times[index - 2],
                   interval: intervals?[index - 1])
    }

    /// The frame whose time is `time` seconds (binary search over the times); a time between the clock's frames gives
    /// a frame at that time following the clock's last frame before it.
    public func frame(at time: Double) -> LayerFrame {
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < time { lo = mid + 1 } else { hi = mid }
        }
        if lo < times.count, times[lo] == time { return frame(lo + 1) }
        return LayerFrame(index: lo + 1, time: time, previousTime: lo > 0 ? times[lo - 1] : 0)
    }
}

/// A frame-times file that cannot be used.
public struct FrameClockError: MotionBenchError, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file and line.
    public let message: String
    /// The message.
    public var description: String { message }
}
