// EngineOverhead: what the harness costs around an engine, measured in one run (medians over alternating rounds).
//
//   swift run -c release EngineOverhead [ENGINE.so] [LAYERS] [ROUNDS]
//
// 1. A C engine timed by the harness's own loop (`EngineWorkbench.frameNanoseconds`, the loop `motionbench run` uses
//    in the engine's process) against the same engine, same layers and frames, timed by a plain C loop
//    (Benchmarks/EngineLoopC): their ratio is the harness's overhead around a foreign engine.
// 2. MotionCore's batch evaluator timed through the engine interface against a loop calling its store directly.
import Foundation
import MotionCore
import MotionEngine
import MotionHarness
import EngineLoopC

let arguments = Array(CommandLine.arguments.dropFirst())
let path = arguments.first ?? ".build/release/libMotionBenchExampleEngine.so"
let layers = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let clock = FrameClock.fixed(rate: 120, frames: 240)
let scenario = try Scenario.named("mixed")

/// Median of frame times divided by `count`, in ns per layer-frame.
func perLayer(_ nanoseconds: [UInt64], _ count: Int) -> Double {
    Double(nanoseconds.sorted()[nanoseconds.count / 2]) / Double(count)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let library = try PluginLibrary(path: path)
let (engine, count) = try EngineWorkbench.prepare(library, scenario: scenario, count: layers, clock: clock)
guard let plugin = engine as? PluginEngine else { fatalError("not a plug-in engine") }
let (batch, store) = EngineWorkbench.batch(scenario: scenario, count: layers, clock: clock)

var harness: [Double] = [], plain: [Double] = [], viaEngine: [Double] = [], direct: [Double] = []
for round in 0..<rounds {
    // Alternate the order each round so that neither side always runs first.
    let order = round % 2 == 0 ? [0, 1] : [1, 0]
    for side in order {
        if side == 0 {
            harness.append(perLayer(try EngineWorkbench.frameNanoseconds(engine, clock: clock), count))
        } else {
            try engine.reset()
            var frameNs = [UInt64](repeating: 0, count: clock.frames)
            let status = plugin.withCEngine { descriptor, instance, output in
                motionbench_time_frames(descriptor, instance, clock.times, Int64(clock.frames), output, &frameNs)
            }
            precondition(status == 0, "the engine failed in the C loop")
            plain.append(perLayer(frameNs, count))
        }
    }
    for side in order {
        if side == 0 {
            viaEngine.append(perLayer(try EngineWorkbench.frameNanoseconds(batch, clock: clock), layers))
        } else {
            store.reset()
            var frameNs: [UInt64] = []
            for index in 1...clock.frames {
                let start = DispatchTime.now().uptimeNanoseconds
                store.evaluate(clock.frame(index), layers: 0..<store.count)
                frameNs.append(DispatchTime.now().uptimeNanoseconds - start)
            }
            direct.append(perLayer(frameNs, layers))
        }
    }
}
print("mixed, \(layers) layers (\(count) of the engine's kinds), 240 frames at 120 Hz, 1 thread, \(rounds) alternating rounds")
print(String(format: "%@: harness loop %.3f ns/layer-frame, plain C loop %.3f, harness/C %.4f (overhead %+.2f%%)",
             library.descriptor.name, median(harness), median(plain), median(harness) / median(plain),
             (median(harness) / median(plain) - 1) * 100))
print(String(format: "motioncore-batch: through the engine interface %.3f ns/layer-frame, store called directly %.3f, "
             + "interface/direct %.4f (%+.2f%%)", median(viaEngine), median(direct), median(viaEngine) / median(direct),
             (median(viaEngine) / median(direct) - 1) * 100))
