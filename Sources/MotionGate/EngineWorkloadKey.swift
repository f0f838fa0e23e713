/// What an engine workload measured, beside its name (`engine:NAME/SCENARIO/LAYERS`): the frames and threads the name
/// leaves out, and the library's identity. A baseline stores it, and the gate refuses to compare a run whose scenario,
/// layers, frames, threads or engine name differ ("not comparable:", exit 2, unless `--allow-mismatch`); a different
/// version or file (a new build of the library, which is what a gate is for) is a note.
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

    /// The fields that make two measurements incomparable, as `field A (nameA) vs B (nameB)`, and the fields that
    /// only differ in identity (a note): version, file hash.
    package func differences(from other: EngineWorkloadKey, name: String, otherName: String)
        -> (mismatches: [String], notes: [String])
    {
        func describe(_ field: String, _ mine: String, _ theirs: String) -> String? {
            mine == theirs ? nil : "\(field) \(mine) (\(name)) vs \(theirs) (\(otherName))"
        }
        let mismatches = [
            describe("engine", engine, other.engine), describe("scenario", scenario, other.scenario),
            describe("layers", "\(layers)", "\(other.layers)"), describe("frames", "\(frames)", "\(other.frames)"),
            describe("threads", "\(threads)", "\(other.threads)"),
        ].compactMap { $0 }
        let notes = [
            describe("engine version", version, other.version),
            describe("library sha256", String(sha256.prefix(12)), String(other.sha256.prefix(12))),
        ].compactMap { $0 }
        return (mismatches, notes)
    }
}
