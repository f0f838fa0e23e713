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
        outcome.notes += try engineKeyNotes(present, path: path, allowMismatch: allowMismatch)
        for (workload, recorded) in present {
            progress("gate: \(workload.name)")
            if let before = recorded.instructions, mode == .instructions || mode == .both {
                outcome.rows.append(try instructionRow(workload, before: before, functions: recorded.functions,
                                                       baseline: baseline, executable: executable,
                                                       maxIncrease: maxIncrease, failOnToolchainMismatch: failOnToolchainMismatch,
                                                       limits: limits))
            }
            if let before = recorded.cpuSeconds, mode == .time || mode == .both {
                let now = try timeStatistics(executable, workload, count: 5, limits: limits)
                outcome.rows.append(Row(workload: workload.name, metric: "cpu seconds (median)", unit: "s", baseline: before.median,
                                        current: now.median, change: now.median / before.median - 1, verdict: .pass,
                                        note: "report only", spread: now.min...now.max, samples: now.samples))
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

    /// Checks each engine workload's key against the one its baseline recorded: a different scenario, layers, frames,
    /// threads or engine name throws "not comparable:" naming each field (exit 2), or with `allowMismatch` becomes a
    /// note; a different version or library file is a note, and a baseline without a key gets one asking to re-record.
    static func engineKeyNotes(_ present: [(GateWorkload, GateBaseline.Measurement)], path: String,
                               allowMismatch: Bool) throws -> [String] {
        var notes: [String] = [], mismatches: [String] = []
        for (workload, recorded) in present {
            guard let current = workload.engineKey else { continue }
            guard let stored = recorded.engine else {
                notes.append("\(workload.name): the baseline does not record the frames, threads or library it measured "
                             + "(recorded before they were kept): compared as if they were the same; re-record it")
                continue
            }
            let (different, identity) = current.differences(from: stored, name: "this run", otherName: path)
            mismatches += different.map { "\(workload.name): \($0)" }
            notes += identity.map { "\(workload.name): \($0)" }
        }
        if !mismatches.isEmpty {
            guard allowMismatch else {
                throw GateInputError(message: "not comparable: " + mismatches.joined(separator: "; ")
                                     + " (gate the same scenario, layers, frames and threads as the baseline, or "
                                     + "--allow-mismatch to compare anyway)")
            }
            notes.append("not comparable, compared with --allow-mismatch: " + mismatches.joined(separator: "; "))
        }
        return notes
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

    /// Counts `workload` in this binary and decides against the baseline's count `before`.
    static func instructionRow(_ workload: GateWorkload, before: UInt64, functions: FunctionProfile?, baseline: GateBaseline,
                               executable: String, maxIncrease: Double, failOnToolchainMismatch: Bool,
                               limits: ChildProcess.Limits) throws -> Row {
        let count = try InstructionCounter.count(of: executable, workload: workload, scope: baseline.instructionScope,
                                                 limits: limits)
        let now = count.total
        var (change, verdict) = GateDecision.instructions(baseline: before, current: now, maxIncrease: maxIncrease)
        var note = verdict == .fail ? "more than \(percent(maxIncrease)) more instructions"
            : (verdict == .warn ? "between \(percent(GateDecision.warningThreshold)) and \(percent(maxIncrease))" : "")
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
