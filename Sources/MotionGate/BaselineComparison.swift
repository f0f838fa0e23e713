import MotionSupport

/// The gate against a stored baseline: instruction counts decide, CPU time only reports.
extension PerformanceGate {
    /// Compares this binary with a baseline file (read from `path`, which the notes name). Instruction mode decides;
    /// time mode only reports. A workload the baseline does not hold (or holds without this mode's figure) is not
    /// compared: a note names it with the command that records it, and the others are compared.
    /// `executable` is the binary measured (this one by default).
    /// - Throws: `GateInputError` when no selected workload can be compared, or a measurement fails.
    package static func compare(with baseline: GateBaseline, path: String, workloads: [GateWorkload], mode: Mode,
                               maxIncrease: Double, failOnToolchainMismatch: Bool, allowMismatch: Bool = false,
                               limits: ChildProcess.Limits = .standard, executable: String = currentExecutable,
                               progress: (String) -> Void = { _ in }) throws -> Outcome {
        var outcome = Outcome(rows: [], notes: baselineNotes(baseline, mode: mode, failOnToolchainMismatch: failOnToolchainMismatch))
        let (present, missing) = partition(workloads, in: baseline, mode: mode)
        guard !present.isEmpty else {
            throw GateInputError(message: "the baseline \(path) has no \(mode.rawValue) figures for "
                                 + workloads.map(\.name).joined(separator: ", ") + "; record them with: "
                                 + recordCommand(path: path, workloads: workloads, mode: mode))
        }
        let keys = try engineKeys(present, path: path, allowMismatch: allowMismatch)
        outcome.notes += keys.notes
        for (workload, recorded) in present {
            progress("gate: \(workload.name)")
            let scale = keys.perLayerFrame[workload.name]
            if let before = recorded.instructions, mode == .instructions || mode == .both {
                outcome.rows.append(try instructionRow(workload, before: before, functions: recorded.functions,
                                                       baseline: baseline, executable: executable, perLayerFrame: scale,
                                                       maxIncrease: maxIncrease, failOnToolchainMismatch: failOnToolchainMismatch,
                                                       limits: limits))
            }
            if let before = recorded.cpuSeconds, mode == .time || mode == .both {
                let now = try timeStatistics(executable, workload, count: 5, limits: limits)
                let (stored, current) = (scale?.stored ?? 1, scale?.current ?? 1)
                outcome.rows.append(Row(workload: workload.name, metric: "cpu seconds (median)" + (scale == nil ? "" : " per layer-frame"),
                                        unit: "s", baseline: before.median / stored, current: now.median / current,
                                        change: (now.median / current) / (before.median / stored) - 1, verdict: .pass,
                                        note: "report only", spread: (now.min / current)...(now.max / current), samples: now.samples))
            }
        }
        if !missing.isEmpty {
            outcome.notes.append("not in the baseline, so not compared: " + missing.map(\.name).joined(separator: ", ")
                                 + "; record with: " + recordCommand(path: path, workloads: missing, mode: mode))
        }
        if mode != .instructions {
            outcome.notes.append("time against a stored baseline is report-only: the same binary moves ±13% between "
                                 + "batches on shared machines; use --against BASE_BINARY for a timing decision")
        }
        return outcome
    }

    /// The layer-frames an engine workload measured in the baseline (`stored`) and in this run (`current`), where
    /// `--allow-mismatch` compares it per layer-frame.
    package struct LayerFrames: Sendable, Equatable {
        /// Layers × frames of the baseline's measurement and of this run's.
        package var stored, current: Double
    }

    /// Checks each engine workload's key against the one its baseline recorded. Another scenario or engine name throws
    /// "not comparable:" naming each field (exit 2), with `allowMismatch` or without: no scaling makes other work
    /// comparable. Other layers, frames or threads throw the same without `allowMismatch`; with it the workload is
    /// compared per layer-frame (`perLayerFrame`, by name) and a note says so. A different version or library file is
    /// a note, and a baseline without a key gets one asking to re-record.
    static func engineKeys(_ present: [(GateWorkload, GateBaseline.Measurement)], path: String, allowMismatch: Bool)
        throws -> (notes: [String], perLayerFrame: [String: LayerFrames])
    {
        var notes: [String] = [], incomparable: [String] = [], scalable: [String] = []
        var perLayerFrame: [String: LayerFrames] = [:]
        for (workload, recorded) in present {
            guard let current = workload.engineKey else { continue }
            guard let stored = recorded.engine else {
                notes.append("\(workload.name): the baseline does not record the frames, threads or library it measured "
                             + "(recorded before they were kept): compared as if they were the same; re-record it")
                continue
            }
            let differences = current.differences(from: stored, name: "this run", otherName: path)
            incomparable += differences.incomparable.map { "\(workload.name): \($0)" }
            scalable += differences.perLayerFrame.map { "\(workload.name): \($0)" }
            notes += differences.notes.map { "\(workload.name): \($0)" }
            if !differences.perLayerFrame.isEmpty {
                perLayerFrame[workload.name] = LayerFrames(stored: stored.layerFrames, current: current.layerFrames)
            }
        }
        if !incomparable.isEmpty {
            throw GateInputError(message: "not comparable: " + (incomparable + scalable).joined(separator: "; ")
                                 + " (another scenario or engine is other work, which no option compares; gate the "
                                 + "baseline's scenario and engine, or record a baseline for this one)")
        }
        if !scalable.isEmpty {
            guard allowMismatch else {
                throw GateInputError(message: "not comparable: " + scalable.joined(separator: "; ")
                                     + " (gate the same layers, frames and threads as the baseline, or --allow-mismatch "
                                     + "to compare per layer-frame)")
            }
            notes.append("compared per layer-frame (--allow-mismatch): " + scalable.joined(separator: "; ")
                         + "; the cost per layer-frame also moves a few percent with the frames measured (layers "
                         + "starting and finishing), so gate the baseline's frames for a decision at the 2% level")
        }
        return (notes, perLayerFrame)
    }

    /// The command that adds `workloads`' figures for `mode` to the baseline at `path`, keeping its other workloads.
    /// An engine's workload is named by its options (`--engine PATH --scenario … --layers … --frames …`).
    package static func recordCommand(path: String, workloads: [GateWorkload], mode: Mode) -> String {
        let builtIn = workloads.filter { $0.engineJob == nil }
        let engine = workloads.lazy.compactMap { workload -> [String]? in
            guard let job = workload.engineJob, case .workload(let request) = job.request else { return nil }
            return request.commandLineOptions(library: job.library)
        }.first
        return "motionbench baseline --output \(shellQuoted(path))"
            + (builtIn.isEmpty ? "" : " --workloads \(builtIn.map(\.name).joined(separator: ","))")
            + (engine.map { " " + $0.map(shellQuoted).joined(separator: " ") } ?? "")
            + " --mode \(mode.rawValue) --merge"
    }

    /// `text` as one shell word: unchanged when it needs no quoting, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./+=:,@".unicodeScalars.contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The workloads the baseline holds with the figures `mode` compares, and those it lacks.
    static func partition(_ workloads: [GateWorkload], in baseline: GateBaseline, mode: Mode)
        -> (present: [(GateWorkload, GateBaseline.Measurement)], missing: [GateWorkload])
    {
        var present: [(GateWorkload, GateBaseline.Measurement)] = [], missing: [GateWorkload] = []
        for workload in workloads {
            let recorded = baseline.workloads[workload.name]
            let complete = (mode == .time || recorded?.instructions != nil) && (mode == .instructions || recorded?.cpuSeconds != nil)
            if let recorded, complete { present.append((workload, recorded)) } else { missing.append(workload) }
        }
        return (present, missing)
    }

    /// Notes on how the baseline was counted and on a toolchain that differs from this build's.
    static func baselineNotes(_ baseline: GateBaseline, mode: Mode, failOnToolchainMismatch: Bool) -> [String] {
        var notes: [String] = []
        if baseline.instructionScope == .process, mode != .time {
            notes.append("the baseline (version \(baseline.version)) counts whole processes, so this build is counted the "
                         + "same way; re-record it to count the measured loop only")
        }
        let current = Toolchain.current
        if current != baseline.toolchain {
            notes.append("toolchain differs from the baseline's: baseline '\(baseline.toolchain)', this '\(current)'"
                         + (failOnToolchainMismatch ? " (--toolchain-mismatch fail)" : "; instruction counts may move"))
        }
        return notes
    }

    /// Why an instruction row has its verdict.
    static func note(_ verdict: GateDecision.Verdict, maxIncrease: Double) -> String {
        verdict == .fail ? "more than \(percent(maxIncrease)) more instructions"
            : (verdict == .warn ? "between \(percent(GateDecision.warningThreshold)) and \(percent(maxIncrease))" : "")
    }

    /// Counts `workload` in this binary and decides against the baseline's count `before`.
    /// With `perLayerFrame` (a run of other layers, frames or threads under `--allow-mismatch`), both counts are
    /// divided by their layer-frames, and the baseline's functions are scaled to this run's layer-frames.
    static func instructionRow(_ workload: GateWorkload, before: UInt64, functions: FunctionProfile?, baseline: GateBaseline,
                               executable: String, perLayerFrame: LayerFrames? = nil, maxIncrease: Double,
                               failOnToolchainMismatch: Bool, limits: ChildProcess.Limits) throws -> Row {
        let count = try InstructionCounter.count(of: executable, workload: workload, scope: baseline.instructionScope,
                                                 limits: limits)
        let now = count.total
        if let perLayerFrame {
            let (stored, current) = (Double(before) / perLayerFrame.stored, Double(now) / perLayerFrame.current)
            let (change, verdict) = GateDecision.instructions(baselineRate: stored, currentRate: current, maxIncrease: maxIncrease)
            var row = Row(workload: workload.name, metric: "instructions per layer-frame", unit: "instructions",
                          baseline: stored, current: current, change: change,
                          verdict: failOnToolchainMismatch && Toolchain.current != baseline.toolchain ? .fail : verdict,
                          note: failOnToolchainMismatch && Toolchain.current != baseline.toolchain ? "toolchain mismatch"
                              : note(verdict, maxIncrease: maxIncrease))
            row.attach(base: functions?.scaled(by: perLayerFrame.current / perLayerFrame.stored), head: count.profile)
            return row
        }
        var (change, verdict) = GateDecision.instructions(baseline: before, current: now, maxIncrease: maxIncrease)
        var note = note(verdict, maxIncrease: maxIncrease)
        if failOnToolchainMismatch, Toolchain.current != baseline.toolchain {
            verdict = .fail
            note = "toolchain mismatch"
        }
        var row = Row(workload: workload.name, metric: "instructions", unit: "instructions", baseline: Double(before),
                      current: Double(now), change: change, verdict: verdict, note: note)
        row.attach(base: functions, head: count.profile)
        return row
    }
}
