/// The one pass driver of every measured row (MotionCore's batch in `FrameHarness.measure`, with the comparisons timed
/// after each of its timed passes, and every engine under test in `EngineMeasurement`): `warmupPasses` passes not counted, the checked pass (outputs
/// compared with the exact path, its times not counted, since the comparisons evict what the next frame would find
/// in the caches), then `repeats` timed passes, with the load average read around them for the noise. Each pass is
/// `pass(kind)`, which runs `EngineTiming.pass` with the kind's checks; `afterTimed` sees each timed pass's record.
enum PassDriver {
    /// Which pass the driver asks for.
    enum Pass: Equatable {
        /// Warm-up pass `index` (from 0) of `count`.
        case warmUp(index: Int, count: Int)
        /// The checked pass.
        case checked
        /// Timed pass `index` (from 0) of `count`.
        case timed(index: Int, count: Int)
    }

    /// What the passes recorded.
    struct Outcome {
        /// The checked pass's record.
        let checked: FrameRecord
        /// Each timed pass's record, in order (at least one).
        let timed: [FrameRecord]
        /// The 1-minute load average before the first pass and after the last (nil where unknown).
        let loadStart: Double?, loadEnd: Double?

        /// The first timed pass's record (`run` times at least one pass, so there always is one).
        var first: FrameRecord { timed[0] }

        /// The timed passes' median ns per layer-frame over `layers` layers, with its range over the passes.
        func nsPerLayerFrame(layers: Int) -> Timed {
            Timed(samples: timed.map { $0.nsPerLayerFrame(layers: layers) })
        }

        /// How disturbed the timed passes' frames were on `threads` threads.
        func noise(threads: Int) -> FrameNoise {
            FrameNoise(passes: timed, threads: threads, loadStart: loadStart, loadEnd: loadEnd)
        }
    }

    /// Runs the warm-up passes, the checked pass and `repeats` (at least one) timed passes through `pass`, calling
    /// `afterTimed` after each timed pass (a default argument here crashes Swift 6.3's SILGen for `Never`, so
    /// callers pass `{ _, _ in }`); the first error ends the run.
    static func run<Failure: Error>(warmupPasses: Int, repeats: Int,
                                    pass: (Pass) throws(Failure) -> FrameRecord,
                                    afterTimed: (Int, FrameRecord) throws(Failure) -> Void)
        throws(Failure) -> Outcome {
        let loadStart = CPUReading.loadAverage(), count = max(repeats, 1)
        for index in 0..<max(warmupPasses, 0) { _ = try pass(.warmUp(index: index, count: warmupPasses)) }
        let checked = try pass(.checked)
        var timed: [FrameRecord] = []
        for index in 0..<count {
            let record = try pass(.timed(index: index, count: count))
            timed.append(record)
            try afterTimed(index, record)
        }
        return Outcome(checked: checked, timed: timed, loadStart: loadStart, loadEnd: CPUReading.loadAverage())
    }
}
