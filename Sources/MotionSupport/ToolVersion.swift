/// MotionBench's own version, printed by `motionbench --version` and recorded with results.
public enum ToolVersion {
    /// Semantic version of this build of the tool.
    public static let number = "0.11.0"
}
