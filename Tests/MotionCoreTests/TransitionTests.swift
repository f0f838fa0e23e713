import MotionCore
import XCTest

final class TransitionTests: XCTestCase {
    /// Seed: a push transition from the left on a 320 × 480 layer.
    func testPushFromLeftSeed() throws {
        let push = try Transition(kind: .push, subtype: .fromLeft, size: Size(width: 320, height: 480))
        let start = push.layers(at: 0), middle = push.layers(at: 0.25), end = push.layers(at: 1)
        XCTAssertEqual(start.incoming.translation, Point(x: -320, y: 0), "incoming waits off the left edge")
        XCTAssertEqual(start.outgoing.translation, Point(x: 0, y: 0))
        XCTAssertEqual(middle.incoming.translation, Point(x: -240, y: 0))
        XCTAssertEqual(middle.outgoing.translation, Point(x: 80, y: 0), "outgoing is pushed out to the right")
        XCTAssertEqual(end.incoming.translation, Point(x: 0, y: 0))
        XCTAssertEqual(end.outgoing.translation, Point(x: 320, y: 0))
        XCTAssertEqual(middle.incoming.opacity, 1)
        XCTAssertEqual(middle.outgoing.opacity, 1)
    }

    func testEveryKindAndSubtype() throws {
        let size = Size(width: 100, height: 50)
        let fade = try Transition(kind: .fade, size: size).layers(at: 0.3)
        XCTAssertEqual(fade.outgoing.opacity, 0.7, accuracy: 1e-15)
        XCTAssertEqual(fade.incoming.opacity, 0.3, accuracy: 1e-15)
        let moveIn = try Transition(kind: .moveIn, subtype: .fromTop, size: size).layers(at: 0.5)
        XCTAssertEqual(moveIn.incoming.translation, Point(x: 0, y: -25))
        XCTAssertEqual(moveIn.outgoing.translation, .zero)
        let reveal = try Transition(kind: .reveal, subtype: .fromRight, size: size).layers(at: 0.5)
        XCTAssertEqual(reveal.outgoing.translation, Point(x: -50, y: 0), "the old layer leaves toward the left")
        XCTAssertEqual(reveal.incoming.translation, .zero)
        let bottom = try Transition(kind: .push, subtype: .fromBottom, size: size).layers(at: 0.5)
        XCTAssertEqual(bottom.incoming.translation, Point(x: 0, y: 25))
        // Start/end progress take a slice of the transition.
        let sliced = try Transition(kind: .fade, startProgress: 0.2, endProgress: 0.6, size: size)
        XCTAssertEqual(sliced.layers(at: 0).incoming.opacity, 0.2, accuracy: 1e-15)
        XCTAssertEqual(sliced.layers(at: 1).incoming.opacity, 0.6, accuracy: 1e-15)
        XCTAssertThrowsError(try Transition(kind: .fade, startProgress: 0.7, endProgress: 0.6, size: size))
        XCTAssertThrowsError(try Transition(kind: .fade, startProgress: -0.1, size: size))
    }

    func testFlipSwapsFacesHalfWay() {
        let flip = FlipTransition(fromLeft: true, perspectiveDistance: 1000)
        XCTAssertFalse(flip.state(at: 0.49).showsIncoming)
        XCTAssertTrue(flip.state(at: 0.5).showsIncoming)
        XCTAssertEqual(flip.state(at: 0).transform, Transform3D.perspective(1000))
        // At the end the incoming face is flat again, facing the viewer.
        let end = flip.state(at: 1).transform
        XCTAssertEqual(end[1, 1], 1, accuracy: 1e-12)
        XCTAssertEqual(end[3, 4], -1.0 / 1000, accuracy: 1e-15)
        // Edge-on at half-way: x collapses.
        XCTAssertEqual(flip.state(at: 0.5).transform[1, 1], 0, accuracy: 1e-12)
        // A quarter of the way, the left edge (x < 0) is nearer the viewer than the right edge.
        let quarter = flip.state(at: 0.25).transform
        XCTAssertGreaterThan(abs(quarter.apply(x: -100, y: 0).x), abs(quarter.apply(x: 100, y: 0).x))
    }

    /// Seeds: an interactive transition cancelled at 0.3 and one finished at 0.3 (1 s, completion speed 1).
    func testInteractiveSeeds() throws {
        var transition = try InteractiveTransition(duration: 1)
        transition.update(0.1)
        transition.update(0.3)
        XCTAssertEqual(transition.percentComplete, 0.3)
        let cancel = transition.cancel()
        XCTAssertEqual(cancel.duration, 0.3, accuracy: 1e-15)
        XCTAssertEqual(cancel.percent(at: 0), 0.3)
        XCTAssertEqual(cancel.percent(at: 0.15), 0.3 * (1 - CubicBezier.easeInOut.value(at: 0.5)), accuracy: 1e-15)
        XCTAssertEqual(cancel.percent(at: 0.3), 0)
        let finish = transition.finish()
        XCTAssertEqual(finish.duration, 0.7, accuracy: 1e-15)
        XCTAssertEqual(finish.percent(at: 0.35), 0.3 + 0.7 * CubicBezier.easeInOut.value(at: 0.5), accuracy: 1e-15)
        XCTAssertEqual(finish.percent(at: 5), 1)
        var fast = try InteractiveTransition(duration: 1, completionSpeed: 2, completionCurve: .linear(.identity))
        fast.update(-0.5)
        XCTAssertEqual(fast.percentComplete, 0, "clamped below at 0")
        fast.update(0.3)
        XCTAssertEqual(fast.finish().duration, 0.35, accuracy: 1e-15)
        XCTAssertThrowsError(try InteractiveTransition(duration: 1, completionSpeed: 0))
    }

    func testComponentKeyPathTurnsAFullCircle() throws {
        let spin = try BasicAnimation<Double>(from: 0, to: 2 * Double.pi, timing: try MediaTiming(duration: 1))
        let halfway = TransformKeyPath.rotationY.transform(try XCTUnwrap(spin.value(atParentTime: 0.5, current: 0)))
        XCTAssertEqual(halfway[1, 1], -1, accuracy: 1e-12, "half of a full turn about y faces backwards")
        let whole = Transform3D.interpolate(from: .identity, to: .rotation(2 * Double.pi, x: 0, y: 1, z: 0), at: 0.5)
        XCTAssertEqual(whole[1, 1], 1, accuracy: 1e-12, "a whole-matrix interpolation does not move")
        XCTAssertEqual(TransformKeyPath(rawValue: "transform.scale.x")?.transform(2)[1, 1], 2)
    }
}
