import MotionCore
import XCTest

/// The batch example of the DocC article "Choosing a Bézier representation", as a user writes it (no `@testable`):
/// it must compile against the public API and keep its promise, each layer within the first-order bound of its curve's
/// correctly rounded answer at the same progress.
final class BezierGuideExampleTests: XCTestCase {
    func testTheGuidesBatchExampleStaysWithinTheBound() throws {
        let curves = [try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, evaluations: .few),
                      try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1, evaluations: .few)]
        let layers = BasicLayers(count: curves.count, components: 1, curves: .perLayer)
        let timing = LayerTimingParameters(begin: 0, duration: 1)
        for (i, curve) in curves.enumerated() {
            layers.schedule.set(i, timing, curve: curve)
            layers.set(i, component: 0, from: 0, to: 1)
        }
        let store = LayerStore(kernels: [layers])
        let time = 0.3
        store.evaluate(LayerFrame(index: 1, time: time, previousTime: 0), layers: 0..<curves.count)
        XCTAssertEqual(timing.directedProgress(at: time), 0.3)
        for (i, curve) in curves.enumerated() {
            let progress = timing.directedProgress(at: time)
            let slope = abs(curve.slope(at: progress))
            let bound = 1e-12 + 4e-16 * slope + 8 * 0x1p-53 * max(1, abs(curve.y1), abs(curve.y2))
            XCTAssertLessThanOrEqual(abs(layers.output(0, layer: i) - curve.value(at: progress)), bound, "\(curve)")
            XCTAssertEqual(layers.schedule.curve(i), curve)
            XCTAssertEqual(layers.schedule.curve(i)?.evaluations, .few)
        }
        // The article's claim about a layer given no curve: it starts with the identity, cubic-bezier(0, 0, 0, 0).
        let unset = BasicLayers(count: 1, components: 1, curves: .perLayer)
        unset.schedule.set(0, timing)
        XCTAssertEqual(unset.schedule.curve(0), try CubicBezier(x1: 0, y1: 0, x2: 0, y2: 0))
    }
}
