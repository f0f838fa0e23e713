import Foundation

/// The CPU time a frame's threads ran, read at frame boundaries outside the timed work: with one thread the calling
/// thread's CPU clock and its involuntary context switches; with several, the whole process's (every thread a frame
/// is chunked over belongs to it).
struct CPUReading {
    /// CPU time consumed so far, in ns.
    var cpuNanoseconds: UInt64
    /// Involuntary context switches so far (the scheduler took the CPU away).
    var involuntarySwitches: Int

    /// Linux's RUSAGE_THREAD (the calling thread only, since Linux 2.6.26), which Glibc declares only under
    /// _GNU_SOURCE, so Swift does not import it.
    private static let rusageThread = __rusage_who_t(1)

    /// The reading now for a frame run on `threads` threads.
    @inline(never)
    static func now(threads: Int) -> CPUReading {
        var usage = rusage(), time = timespec()
        if threads == 1 {
            getrusage(rusageThread, &usage)
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        } else {
            getrusage(RUSAGE_SELF.rawValue, &usage)
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        }
        return CPUReading(cpuNanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec),
                          involuntarySwitches: Int(usage.ru_nivcsw))
    }

    /// This system's 1-minute load average (runnable and uninterruptible tasks), nil where it cannot be read.
    static func loadAverage() -> Double? {
        var load = [0.0]
        return getloadavg(&load, 1) == 1 ? load[0] : nil
    }
}

/// How disturbed one row's timed frames were: how much of the frame time its threads were not running, the load
/// average around the measurement, the frames behind p99, and whether the row is flagged (with the reason). It is
/// measured, not guessed: each frame's CPU time is read beside its wall time.
public struct FrameNoise: Sendable, Codable, Equatable {
    /// The share of the timed frames' thread-time (wall time × threads) the threads were not running, in [0, 1]:
    /// preempted by other processes or, with several threads, a worker still asleep when the frame starts (a thread
    /// waiting for the slowest chunk spins, `ChunkWorkers`, and counts as running).
    public var notRunningShare: Double
    /// What `notRunningShare` counts with several threads, as the report says it.
    static let waitingNote = "a thread waiting for the slowest chunk spins and counts as running; a worker still asleep "
        + "when the frame starts does not"
    /// Frames during which the scheduler took the CPU away at least once (involuntary context switches).
    public var preemptedFrames: Int
    /// Preempted frames that the preemption slowed: with one thread, its CPU time fell short of the wall time by more
    /// than `slowedLimit`; with several, the frame took at least `tailRatioLimit` × the median. (A long frame is often
    /// switched out for a few microseconds, which moves nothing.)
    public var slowedFrames: Int
    /// Frames timed in all (every timed pass).
    public var frames: Int
    /// The 1-minute load average when the row's measurement started and ended (nil where unknown).
    public var loadAverage: LoadAverage
    /// The frames at or above the p99 frame time (the slowest first, at most `tailLimit`), with how much of each the
    /// threads were running.
    public var framesBehindP99: [TailFrame]
    /// Whether the row's timing was disturbed enough that its frame times (p99 above all) should not be trusted.
    public var flagged: Bool
    /// Why it was flagged, nil when it was not.
    public var reason: String?

    /// The load average at the start and the end of a row's measurement.
    public struct LoadAverage: Sendable, Codable, Equatable {
        /// The 1-minute load averages (runnable tasks averaged over a minute, this run's own included).
        public var start: Double?, end: Double?
    }

    /// One of the slowest frames.
    public struct TailFrame: Sendable, Codable, Equatable {
        /// Its timed pass (1 = the first) and frame number.
        public var pass: Int, frame: Int
        /// Its wall time in ms.
        public var ms: Double
        /// CPU time ÷ (wall time × threads), in [0, 1].
        public var runningShare: Double
        /// Involuntary context switches during the frame.
        public var involuntarySwitches: Int
    }

    /// Most frames listed in `framesBehindP99`.
    public static let tailLimit = 10
    /// A row is flagged when its threads were not running for more than this share of the frame time (one thread).
    public static let notRunningLimit = 0.05
    /// … or when more than this share of its frames were slowed by preemption (`slowedFrames`) …
    public static let slowedShareLimit = 0.05
    /// A preempted frame of one thread counts as slowed when it was not running for more than this share of it.
    public static let slowedLimit = 0.05
    /// … or when its p99 frame was preempted and at least this many times the median frame.
    public static let tailRatioLimit = 1.5

    /// The noise of `passes`' frames run on `threads` threads, with the load average at `loadStart` and `loadEnd`.
    init(passes: [FrameRecord], threads: Int, loadStart: Double?, loadEnd: Double?) {
        struct Frame { var pass: Int, frame: Int, wall: UInt64, cpu: UInt64, switches: Int }
        var all: [Frame] = []
        for (pass, record) in passes.enumerated() {
            for index in record.frameNanoseconds.indices where index < record.frameCPUNanoseconds.count {
                all.append(Frame(pass: pass + 1, frame: record.frameNumbers[index], wall: record.frameNanoseconds[index],
                                 cpu: record.frameCPUNanoseconds[index], switches: record.frameSwitches[index]))
            }
        }
        let width = Double(max(threads, 1))
        func running(_ frame: Frame) -> Double {
            frame.wall == 0 ? 1 : min(1, Double(frame.cpu) / (Double(frame.wall) * width))
        }
        let wall = all.reduce(0.0) { $0 + Double($1.wall) }, cpu = all.reduce(0.0) { $0 + min(Double($1.cpu), Double($1.wall) * width) }
        notRunningShare = wall > 0 ? max(0, 1 - cpu / (wall * width)) : 0
        preemptedFrames = all.filter { $0.switches > 0 }.count
        frames = all.count
        loadAverage = LoadAverage(start: loadStart, end: loadEnd)
        let sorted = all.sorted { $0.wall > $1.wall }
        let median = sorted.isEmpty ? 0 : Double(sorted[sorted.count / 2].wall)
        slowedFrames = all.filter { frame in
            frame.switches > 0 && (threads == 1 ? running(frame) < 1 - Self.slowedLimit
                                                : Double(frame.wall) >= Self.tailRatioLimit * median)
        }.count
        // Nearest rank: the p99 frame is the ⌈0.99 n⌉-th smallest, so the frames behind it are the slowest n − that + 1.
        let behind = sorted.isEmpty ? 0 : sorted.count - Int((0.99 * Double(sorted.count)).rounded(.up)) + 1
        framesBehindP99 = sorted.prefix(min(max(behind, 1), Self.tailLimit)).map {
            TailFrame(pass: $0.pass, frame: $0.frame, ms: Double($0.wall) / 1e6, runningShare: running($0),
                      involuntarySwitches: $0.switches)
        }
        var reasons: [String] = []
        if threads == 1, notRunningShare > Self.notRunningLimit {
            reasons.append("its thread was not running for \(Self.percent(notRunningShare)) of the frame time")
        }
        if frames > 0, Double(slowedFrames) / Double(frames) > Self.slowedShareLimit {
            reasons.append("\(slowedFrames) of \(frames) frames were slowed by preemption")
        }
        if let p99 = sorted.prefix(max(behind, 1)).last, p99.switches > 0, Double(p99.wall) >= Self.tailRatioLimit * median {
            reasons.append("its p99 frame (\(Self.milliseconds(p99.wall)) ms, \(String(format: "%.1f", Double(p99.wall) / max(median, 1)))× "
                           + "the median) was preempted")
        }
        flagged = !reasons.isEmpty
        reason = flagged ? reasons.joined(separator: "; ") : nil
    }

    /// `share` as a percentage with one decimal.
    static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

    /// `nanoseconds` in ms with three decimals.
    static func milliseconds(_ nanoseconds: UInt64) -> String { String(format: "%.3f", Double(nanoseconds) / 1e6) }
}
