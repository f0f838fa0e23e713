// swift run -c release SwiftEngineTemplate [LAYERS] [--details]: the template engine beside MotionCore's batch and the
// naive evaluator on the `springs` scenario, in this process, with errors against the exact path (the summary, or with
// --details every figure and note).
import Foundation
import MotionEngine
import MotionHarness

let layers = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let details = CommandLine.arguments.contains("--details")
var options = FrameHarness.Options(scenario: try Scenario.named("springs"), layerCounts: [layers],
                                   clock: .fixed(rate: 120, frames: 240), threads: 1, verify: false)
options.inProcessEngines = [
    EngineFactory(label: "swift-template-springs", supportedKinds: [.spring]) { layers throws(EngineError) in
        try TemplateSpringEngine(layers: layers)
    },
]
let results = FrameHarness.run(options)
print(HarnessRunReport(results: results, machine: .current, details: details).tableText(), terminator: "")
// The run's exit rule: 2 when an engine failed (verify is off here, so no verification check applies).
exit(HarnessExitRule.check(results: results, verify: false)?.exitCode ?? 0)
