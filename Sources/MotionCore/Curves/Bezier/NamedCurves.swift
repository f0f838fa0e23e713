/// The named timing curves of Apple's platforms, CSS and Material Design.
extension CubicBezier {
    /// CSS `ease`, Apple's `default`: cubic-bezier(0.25, 0.1, 0.25, 1).
    public static let ease = CubicBezier(validatedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// CSS `ease-in`, Apple's `easeIn`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(validatedX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// CSS `ease-out`, Apple's `easeOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(validatedX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// CSS `ease-in-out`, Apple's `easeInEaseOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(validatedX1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Apple's `linear` media timing function: cubic-bezier(0, 0, 1, 1).
    public static let appleLinear = CubicBezier(validatedX1: 0, y1: 0, x2: 1, y2: 1)
    /// Material 3 standard easing: cubic-bezier(0.2, 0, 0, 1).
    public static let material3Standard = CubicBezier(validatedX1: 0.2, y1: 0, x2: 0, y2: 1)
    /// Material (legacy) standard easing: cubic-bezier(0.4, 0, 0.2, 1).
    public static let materialStandard = CubicBezier(validatedX1: 0.4, y1: 0, x2: 0.2, y2: 1)
    /// Material (legacy) decelerate easing: cubic-bezier(0, 0, 0.2, 1).
    public static let materialDecelerate = CubicBezier(validatedX1: 0, y1: 0, x2: 0.2, y2: 1)
    /// Material (legacy) accelerate easing: cubic-bezier(0.4, 0, 1, 1).
    public static let materialAccelerate = CubicBezier(validatedX1: 0.4, y1: 0, x2: 1, y2: 1)

    /// Apple's five `CAMediaTimingFunctionName` curves in the order default, easeIn, easeOut, easeInEaseOut, linear.
    public static let applePresets: [(name: String, curve: CubicBezier)] = [
        ("default", .ease), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInOut),
        ("linear", .appleLinear),
    ]

    /// Every named cubic-Bézier curve with the name a spec uses for it, in the order help lists them: CSS's, Apple's,
    /// Material's. (CSS `linear` is a `LinearEasing`.) Adding a named curve is one line here.
    public static let namedCurves: [(name: String, curve: CubicBezier)] = [
        ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
        ("default", .ease), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInOut),
        ("material3-standard", .material3Standard), ("material-standard", .materialStandard),
        ("material-decelerate", .materialDecelerate), ("material-accelerate", .materialAccelerate),
    ]

    /// Every named cubic-Bézier curve by the name a spec uses for it (`namedCurves` as a dictionary).
    public static let named: [String: CubicBezier] = Dictionary(namedCurves.map { ($0.name, $0.curve) },
                                                                uniquingKeysWith: { first, _ in first })
}
