import MotionCore

extension EngineLayer.Parameters {
    /// The parameters in one line, enough to rebuild the layer by hand: the kind, then `name=value` pairs (times in
    /// seconds, values in value units), e.g. `spring begin=0.25 mass=1 stiffness=170 damping=26 from=0 to=1 v0=0`.
    public var summary: String {
        func timing(_ t: EngineLayer.Timing) -> String {
            let p = t.parameters
            return "begin=\(p.begin) duration=\(p.duration) repeatCount=\(p.repeatCount)"
                + (p.autoreverses ? " autoreverses" : "") + " easing=\(t.easing)"
        }
        // A long list (a keyframes layer may hold 100,000 values) shows its first and last few and its length.
        func list(_ values: [Double]) -> String {
            guard values.count > 12 else { return "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }
            return "[" + values.prefix(6).map { "\($0)" }.joined(separator: ", ") + ", … "
                + values.suffix(3).map { "\($0)" }.joined(separator: ", ") + "] (\(values.count) values)"
        }
        switch self {
        case .basic(let b):
            return "basic \(timing(b.timing)) from=\(list(b.from)) to=\(list(b.to))"
        case .spring(let s):
            return "spring begin=\(s.begin) mass=\(s.mass) stiffness=\(s.stiffness) damping=\(s.damping) from=\(s.from) "
                + "to=\(s.to) v0=\(s.initialVelocity)" + (s.retarget.map { " retarget=\($0.to)@\($0.time)" } ?? "")
        case .keyframes(let k):
            return "keyframes \(timing(k.timing)) mode=\(k.mode.rawValue) values=\(list(k.values)) keyTimes=\(list(k.keyTimes))"
        case .pendulum(let p):
            return "pendulum begin=\(p.begin) duration=\(p.duration)"
        case .cardFlip(let c):
            return "card-flip \(timing(c.timing)) scale=\(c.scale) perspective=\(c.perspective)"
        case .transition(let t):
            return "transition \(timing(t.timing)) type=\(t.type.rawValue) subtype=\(t.subtype.rawValue) "
                + "size=\(t.size.width)x\(t.size.height)"
        case .interactive(let g):
            return "interactive begin=\(g.begin) duration=\(g.duration) scrubTo=\(g.scrubTo) scrubDuration=\(g.scrubDuration) "
                + "\(g.finishes ? "finishes" : "cancels") completionSpeed=\(g.completionSpeed) width=\(g.width)"
        }
    }
}
