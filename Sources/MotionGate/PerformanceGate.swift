import Foundation
import MotionHarness
import MotionSupport
import MotionCore
import MotionOutput

/// Records baselines and runs the CI gate.
package enum PerformanceGate {
    static func percent(_ fraction: Double) -> String {
        fraction.isFinite ? String(format: "%+.3f%%", fraction * 100) : "n/a"
    }
}
