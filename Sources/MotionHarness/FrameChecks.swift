import Dispatch
import Foundation
import Histogram
import MotionCore
import MotionEngine

/// What a run checks besides time: the batch against the scalar path (`--verify`), and the peak memory.
extension FrameHarness {
    /// Compares up to `layers` layers (spread evenly) with the scalar path at `frame`; returns the samples and the
    /// largest |batch − scalar| / max(1, the layer's value scale).
    static func verify(_ workload: Workload, frame: LayerFrame, layers: Int) -> (Int, Double) {
        let store = workload.store
        let step = max(1, store.count / max(layers, 1))
        var worst = 0.0, samples = 0
        for index in stride(from: 0, to: store.count, by: step) {
            let expected = workload.expectedOutputs(layer: index, time: frame.time)
            let actual = store.outputs(layer: index)
            let scale = max(1, workload.outputScale(layer: index))
            for (a, b) in zip(expected, actual) {
                let error = abs(a - b) / scale
                worst = max(worst, error.isNaN || !b.isFinite ? .infinity : error)
            }
            samples += 1
        }
        return (samples, worst)
    }

    /// Peak resident set size of this process in bytes: VmHWM from /proc/self/status, which belongs to this address
    /// space (getrusage's ru_maxrss survives execve, so under `swift run` it would report SwiftPM's own peak);
    /// getrusage where /proc is missing.
    static func peakResidentBytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kilobytes * 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }
}
