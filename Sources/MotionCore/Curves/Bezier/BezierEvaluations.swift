extension CubicBezier {
    /// How many evaluations a curve is built for. The curve chooses its representation from this and from its own
    /// control points; every representation gives the same, correctly rounded, answers.
    public enum Evaluations: Sendable, Hashable {
        /// A hundred evaluations or fewer: one animation's frames, one layer's own curve in a batch (which reads only
        /// its control points). No tables and no allocation, built in about 0.1 µs: each interior input is solved from
        /// a table-free guess (`BezierFrame.solve`), and the correctly rounded step's exact constants are written to
        /// the stack per call.
        case few
        /// Many evaluations: a curve shared by many animations, a named preset, a benchmark. Guess tables (about
        /// 9.5 KB, more for a flat start or a steep centre, built in about 13 µs with 6 allocations) answer most
        /// inputs with one certified Newton step before the correctly rounded step. They pay for themselves after
        /// about 200 evaluations.
        case many
    }

    /// The representation the curve was built in: `.many` where it has guess tables, `.few` where it solves from a
    /// table-free guess (asked for, or chosen because tables would not help: the identity never solves, and a curve
    /// whose output needs a scale takes the complete solve on every input).
    public var evaluations: Evaluations { tables == nil ? .few : .many }

    /// Whether a curve gets guess tables: asked for (`.many`, or certified rows, which live in the tables), and of use
    /// (not the identity, whose interior output is its input, and not a curve with a scaled output, whose every
    /// interior input takes the complete solve).
    static func needsTables(evaluations: Evaluations, identity: Bool, scaled: Bool, certifiedRows: Bool) -> Bool {
        (evaluations == .many || certifiedRows) && !identity && !scaled
    }

    /// The root of the mirrored frame that interior input `x` selects, from a table-free guess
    /// (`CompactCubicBezier.frameRoot(forInterior:)`).
    @usableFromInline
    func tablelessFrameRoot(_ x: Double) -> (v: Double, frame: Int, target: Double) {
        compact.frameRoot(forInterior: x)
    }

    /// The curve without tables, as the batch's own-curve columns hold it: control points and tolerance.
    @usableFromInline
    var compact: CompactCubicBezier { CompactCubicBezier(storedX1: x1, y1: y1, x2: x2, y2: y2, tolerance: tolerance) }

    /// `value(at:)` for x in (0, 1) on a curve without tables: the table-free frame root, then the same correctly
    /// rounded step as a curve with tables (`BezierRefinement`, its constants written to the stack, else
    /// `ExactBezierValue`).
    @usableFromInline @inline(never)
    func tablelessInteriorValue(_ x: Double) -> Double {
        if isIdentity { return x }
        let root = tablelessFrameRoot(x)
        if let y = BezierRefinement.value(x1: x1, y1: y1, x2: x2, y2: y2, v: root.v, frame: root.frame,
                                          target: root.target) { return y }
        return exactInteriorValue(x, guess: root.frame == 0 ? root.v : 1 - root.v)
    }

    /// The curve parameter t of interior input `x` (within the solver's tolerance), from the tables where the curve
    /// has them.
    func interiorParameter(_ x: Double) -> Double {
        if let tables { return tables.parameters(forInterior: x).t }
        let root = tablelessFrameRoot(x)
        return root.frame == 0 ? root.v : 1 - root.v
    }

    /// The first-order output at interior input `x` on a curve without tables (`approximateValue(at:)`'s answer):
    /// y at the table-free frame root, formed in its frame, or the vertex form in a stationary inflection's window.
    func tablelessApproximateValue(_ x: Double) -> Double {
        if isIdentity { return x }
        let root = tablelessFrameRoot(x)
        let regular = compact.output(x: x, frameRoot: root.v)
        return withInflection(regular, x: x, t: root.frame == 0 ? root.v : 1 - root.v)
    }
}
