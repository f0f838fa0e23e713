import MotionCore
@testable import MotionEngine
import CMotionBenchEngine
import XCTest

/// The Swift layer descriptions and their C form: kinds and masks agree with the header, every parameter reaches its
/// C field, and the arrays a layer points to hold the values.
final class EngineLayerTests: XCTestCase {
    func testKindMaskAndNames() {
        XCTAssertEqual(EngineLayerKind.kinds(inMask: 0b101), [.basic, .keyframes])
        XCTAssertEqual(EngineLayerKind.allCases.count, Int(MOTIONBENCH_KIND_COUNT.rawValue))
        XCTAssertEqual(EngineLayerKind(name: "card-flip"), .cardFlip)
        XCTAssertNil(EngineLayerKind(name: "cardflip"))
        XCTAssertEqual(EngineLayerKind.spring.cValue, MOTIONBENCH_KIND_SPRING.rawValue)
        XCTAssertEqual(EngineLayerKind.mask(of: [.basic, .interactive]),
                       MOTIONBENCH_KIND_BIT_OF(MOTIONBENCH_KIND_BASIC) | MOTIONBENCH_KIND_BIT_OF(MOTIONBENCH_KIND_INTERACTIVE))
        XCTAssertEqual(EngineLayerKind.kinds(inMask: EngineLayerKind.mask(of: Set(EngineLayerKind.allCases))),
                       Set(EngineLayerKind.allCases))
    }

    /// The header is the list of kinds: every constant below MOTIONBENCH_KIND_COUNT has a name there, each static
    /// member carries its constant and that name, and a number the header does not name is no kind.
    func testKindsComeFromTheHeader() {
        let members: [(EngineLayerKind, motionbench_kind, String)] = [
            (.basic, MOTIONBENCH_KIND_BASIC, "basic"), (.spring, MOTIONBENCH_KIND_SPRING, "spring"),
            (.keyframes, MOTIONBENCH_KIND_KEYFRAMES, "keyframes"), (.pendulum, MOTIONBENCH_KIND_PENDULUM, "pendulum"),
            (.cardFlip, MOTIONBENCH_KIND_CARD_FLIP, "card-flip"), (.transition, MOTIONBENCH_KIND_TRANSITION, "transition"),
            (.interactive, MOTIONBENCH_KIND_INTERACTIVE, "interactive"),
        ]
        for (kind, constant, name) in members {
            XCTAssertEqual(kind.cValue, constant.rawValue, name)
            XCTAssertEqual(kind.name, name)
            XCTAssertEqual(EngineLayerKind(cValue: constant.rawValue), kind, name)
        }
        XCTAssertEqual(EngineLayerKind.allCases.map(\.cValue), Array(0..<MOTIONBENCH_KIND_COUNT.rawValue))
        XCTAssertTrue(Set(members.map(\.0)).isSubset(of: EngineLayerKind.allCases))
        XCTAssertNil(EngineLayerKind(cValue: MOTIONBENCH_KIND_COUNT.rawValue))
        XCTAssertEqual(EngineLayerKind.kinds(inMask: 1 << MOTIONBENCH_KIND_COUNT.rawValue), [])
    }

    /// A kind's factory and accessor on `EngineLayer.Parameters` round-trip its value, and another kind's accessor is
    /// nil.
    func testParametersFactoryAndAccessor() {
        let spring = EngineLayer.Spring(begin: 0.5, mass: 1, stiffness: 100, damping: 10, from: 0, to: 1, initialVelocity: 0,
                                        retarget: .init(time: 1, to: 2))
        let parameters = EngineLayer.Parameters.spring(spring)
        XCTAssertEqual(parameters.spring, spring)
        XCTAssertNil(parameters.basic)
        XCTAssertEqual(EngineLayer(outputOffset: 3, parameters: parameters).kind, .spring)
    }

    /// The bit of `kind`, as MOTIONBENCH_KIND_BIT computes it (a macro Swift does not import).
    private func MOTIONBENCH_KIND_BIT_OF(_ kind: motionbench_kind) -> UInt32 { 1 << kind.rawValue }

    /// Transition type and subtype travel as the header's constants, whatever the Swift declaration order.
    func testTransitionEnumsUseTheHeadersConstants() throws {
        let timing = EngineLayer.Timing(LayerTimingParameters(begin: 0, duration: 1, repeatCount: 0, autoreverses: false),
                                        easing: .linear(.identity))
        let expected: [(MotionCore.Transition.Kind, UInt32)] = [
            (.fade, MOTIONBENCH_TRANSITION_FADE.rawValue), (.moveIn, MOTIONBENCH_TRANSITION_MOVE_IN.rawValue),
            (.push, MOTIONBENCH_TRANSITION_PUSH.rawValue), (.reveal, MOTIONBENCH_TRANSITION_REVEAL.rawValue),
        ]
        let sides: [(MotionCore.Transition.Subtype, UInt32)] = [
            (.fromLeft, MOTIONBENCH_FROM_LEFT.rawValue), (.fromRight, MOTIONBENCH_FROM_RIGHT.rawValue),
            (.fromTop, MOTIONBENCH_FROM_TOP.rawValue), (.fromBottom, MOTIONBENCH_FROM_BOTTOM.rawValue),
        ]
        XCTAssertEqual(expected.count, MotionCore.Transition.Kind.allCases.count)
        XCTAssertEqual(sides.count, MotionCore.Transition.Subtype.allCases.count)
        let arena = PluginLayerMarshal.Arena()
        defer { arena.free() }
        for ((type, typeValue), (side, sideValue)) in zip(expected, sides) {
            let layer = EngineLayer(outputOffset: 0, parameters: .transition(.init(
                timing: timing, type: type, subtype: side, size: Size(width: 10, height: 20))))
            let c = PluginLayerMarshal.cLayer(layer, arena: arena)
            XCTAssertEqual(c.kind, MOTIONBENCH_KIND_TRANSITION.rawValue)
            XCTAssertEqual(c.output_count, UInt32(TransitionLayers.outputCount))
            XCTAssertEqual(c.parameters.transition.transition_type, typeValue, "\(type)")
            XCTAssertEqual(c.parameters.transition.subtype, sideValue, "\(side)")
        }
    }

    func testLayersReachTheirCFields() throws {
        let timing = EngineLayer.Timing(LayerTimingParameters(begin: 0.5, duration: 0.25, repeatCount: 2, autoreverses: true),
                                        easing: .cubicBezier(try CubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1.4)))
        let stops = TimingFunction.linear(try LinearEasing(stops: [.init(output: 0), .init(output: 0.7, inputPercent: 20),
                                                                     .init(output: 1)]))
        let layers = EngineLayers([
            EngineLayer(outputOffset: 0, parameters: .basic(.init(timing: timing, from: [1, 2], to: [3, 4]))),
            EngineLayer(outputOffset: 2, parameters: .keyframes(.init(timing: EngineLayer.Timing(timing.parameters, easing: stops),
                                                                      values: [0, 5, 9], keyTimes: [0, 0.3, 1], mode: .cubic))),
            EngineLayer(outputOffset: 3, parameters: .spring(.init(begin: 0.1, mass: 2, stiffness: 300, damping: 10, from: 4,
                                                                   to: 8, initialVelocity: -1,
                                                                   retarget: .init(time: 0.4, to: 12)))),
        ])
        XCTAssertEqual(layers.outputCount, 4)
        PluginLayerMarshal.withCLayers(layers) { pointer in
            guard let c = pointer else { return XCTFail("no layers") }
            XCTAssertEqual(c[0].kind, UInt32(MOTIONBENCH_KIND_BASIC.rawValue))
            XCTAssertEqual(c[0].output_count, 2)
            let basic = c[0].parameters.basic
            XCTAssertEqual(basic.value_type, 2)
            XCTAssertEqual([basic.from.0, basic.from.1, basic.to.0, basic.to.1], [1, 2, 3, 4])
            XCTAssertEqual([basic.timing.begin, basic.timing.duration, basic.timing.repeat_count], [0.5, 0.25, 2])
            XCTAssertEqual(basic.timing.autoreverses, 1)
            XCTAssertEqual(basic.timing.easing.type, UInt32(MOTIONBENCH_EASING_CUBIC_BEZIER.rawValue))
            XCTAssertEqual(basic.timing.easing.y2, 1.4)
            let keyframes = c[1].parameters.keyframes
            XCTAssertEqual(c[1].output_offset, 2)
            XCTAssertEqual(keyframes.calculation_mode, UInt32(MOTIONBENCH_KEYFRAMES_CUBIC.rawValue))
            XCTAssertEqual((0..<3).map { keyframes.values[$0] }, [0, 5, 9])
            XCTAssertEqual((0..<3).map { keyframes.key_times[$0] }, [0, 0.3, 1])
            let easing = keyframes.timing.easing
            XCTAssertEqual(easing.type, UInt32(MOTIONBENCH_EASING_LINEAR_STOPS.rawValue))
            XCTAssertEqual((0..<Int(easing.stop_count)).map { easing.stop_inputs[$0] }, [0, 0.2, 1])
            XCTAssertEqual((0..<Int(easing.stop_count)).map { easing.stop_outputs[$0] }, [0, 0.7, 1])
            let spring = c[2].parameters.spring
            XCTAssertEqual([spring.begin, spring.mass, spring.stiffness, spring.damping, spring.from, spring.to,
                            spring.initial_velocity, spring.retarget_time, spring.retarget_to], [0.1, 2, 300, 10, 4, 8, -1, 0.4, 12])
            XCTAssertEqual(spring.retargets, 1)
        }
    }

    func testSummaryNamesTheParameters() {
        let spring = EngineLayer.Parameters.spring(.init(begin: 0.25, mass: 1, stiffness: 170, damping: 26, from: 0, to: 1,
                                                         initialVelocity: 0, retarget: nil))
        XCTAssertEqual(spring.summary, "spring begin=0.25 mass=1.0 stiffness=170.0 damping=26.0 from=0.0 to=1.0 v0=0.0")
    }
}
