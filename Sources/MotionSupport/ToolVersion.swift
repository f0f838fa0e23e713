/// MotionBench's own version, printed by `motionbench --version` and recorded with results.
package enum ToolVersion {
    /// Semantic version of this build of the tool.
    package static let number = "0.11.0"
}
