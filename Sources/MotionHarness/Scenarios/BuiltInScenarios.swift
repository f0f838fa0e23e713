/// The built-in scenarios: the files `data/scenarios/*.json`, embedded at build time by the `EmbedScenarios` plugin
/// (see `EmbeddedScenarioFiles`). A built-in's name is its file name without `.json`; adding a built-in scenario is
/// adding one JSON file there.
enum BuiltInScenarios {
    /// Name → the file's bytes, in file-name order.
    static let files: [(name: String, bytes: [UInt8])] = EmbeddedScenarioFiles.all

    /// The built-in names, in file-name order.
    static let names: [String] = files.map(\.name)

    /// The JSON text of the built-in scenario `name`, if there is one.
    static func json(_ name: String) -> String? {
        files.first { $0.name == name }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }
}
