/// What an engine workload measured, beside its name (`engine:NAME/SCENARIO/LAYERS`): the frames and threads the name
/// leaves out, and the library's identity. A baseline stores it, and the gate refuses to compare a run whose scenario,
/// layers, frames, threads or engine name differ ("not comparable:", exit 2). `--allow-mismatch` compares a run that
/// differs in layers, frames or threads per layer-frame; another scenario or engine stays refused. A different version
/// or file (a new build of the library, which is what a gate is for) is a note.
package struct EngineWorkloadKey: Codable, Sendable, Equatable {
    /// The engine's name and version from its descriptor.
    package var engine: String, version: String
    /// SHA-256 of the library file, as `sha256sum` prints it.
    package var sha256: String
    /// The library's path as given.
    package var path: String
    /// Scenario name, layers, frames at 120 Hz in the measured region, and threads.
    package var scenario: String, layers: Int, frames: Int, threads: Int

    /// A key from its fields.
    package init(engine: String, version: String, sha256: String, path: String, scenario: String, layers: Int, frames: Int,
                threads: Int) {
        (self.engine, self.version, self.sha256, self.path) = (engine, version, sha256, path)
        (self.scenario, self.layers, self.frames, self.threads) = (scenario, layers, frames, threads)
    }

    /// Layer-frames the measured region evaluates: layers × frames.
    package var layerFrames: Double { Double(layers) * Double(frames) }

    /// How two keys differ, each field as `field A (nameA) vs B (nameB)`: `incomparable`, the fields no scaling can
    /// reconcile (another engine or scenario is other work); `perLayerFrame`, layers, frames and threads, which
    /// `--allow-mismatch` compares per layer-frame; and `notes`, the fields that only differ in identity (version,
    /// file hash: a new build, which is what a gate is for).
    package func differences(from other: EngineWorkloadKey, name: String, otherName: String)
        -> (incomparable: [String], perLayerFrame: [String], notes: [String])
    {
        func describe(_ field: String, _ mine: String, _ theirs: String) -> String? {
            mine == theirs ? nil : "\(field) \(mine) (\(name)) vs \(theirs) (\(otherName))"
        }
        let incomparable = [describe("engine", engine, other.engine), describe("scenario", scenario, other.scenario)]
        let perLayerFrame = [
            describe("layers", "\(layers)", "\(other.layers)"), describe("frames", "\(frames)", "\(other.frames)"),
            describe("threads", "\(threads)", "\(other.threads)"),
        ]
        let notes = [
            describe("engine version", version, other.version),
            describe("library sha256", String(sha256.prefix(12)), String(other.sha256.prefix(12))),
        ]
        return (incomparable.compactMap { $0 }, perLayerFrame.compactMap { $0 }, notes.compactMap { $0 })
    }
}
