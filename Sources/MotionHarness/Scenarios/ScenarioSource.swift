import MotionSupport

/// A scenario as the text it was read from: the built-in name or file path it was given by, and the JSON itself (a
/// built-in's embedded file or the file's contents as read once). A child process rebuilds the same scenario from it
/// without reading any file again, so a file edited during a run cannot give the two sides different layers.
package struct ScenarioSource: Codable, Sendable, Equatable {
    /// The name or path the scenario was given by (it names the scenario in errors).
    package var source: String
    /// The scenario's JSON text.
    package var json: String

    /// The scenario the text describes.
    /// - Throws: `ScenarioError` naming `source` and the field.
    package func scenario() throws(ScenarioError) -> Scenario { try Scenario(json: json, source: source) }
}
