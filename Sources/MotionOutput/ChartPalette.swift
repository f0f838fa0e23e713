/// The colours of one HTML page's series: each name gets its own colour the first time it is asked for, from
/// `colours` in order, so no colour means two things on the page and a name keeps its colour in every chart and
/// legend. Register the names a page always has first (in a fixed order) to keep their colours the same on every page.
package struct ChartPalette: Sendable {
    /// 23 colours, black and the Okabe–Ito set (without its yellow) first, then ones picked greedily from a 16-step
    /// sRGB grid to be as far as possible from those before them in ΔE₀₀ for normal vision, protanopia and
    /// deuteranopia at once, and visible on white (ΔE₀₀ ≥ 30 from white, L* ≥ 25, and not yellow; the Okabe–Ito ones ≥ 25). Any two of the first 12 differ by ΔE₀₀ ≥ 12.2 for all three visions,
    /// any two of the first 20 by ≥ 8.8 (`ChartPaletteTests` recomputes both).
    package static let colours = [
        "#000000", "#e69f00", "#56b4e9", "#009e73", "#0072b2", "#d55e00", "#cc79a7", "#772200", "#664455", "#223388",
        "#446644", "#3388ff", "#667777", "#0000ee", "#bb3300", "#334433", "#339944", "#994488", "#662255", "#ff5566",
        "#cc11bb", "#3344ff", "#667744",
    ]

    /// Name to colour, in the order they were given.
    package private(set) var assigned: [(name: String, colour: String)] = []

    /// A palette with `names` given their colours first, in order.
    package init(_ names: [String] = []) {
        for name in names { _ = colour(for: name) }
    }

    /// The colour of `name`: the one it already has, else the next unused colour (after all 23, they repeat).
    package mutating func colour(for name: String) -> String {
        if let known = assigned.first(where: { $0.name == name }) { return known.colour }
        let colour = Self.colours[assigned.count % Self.colours.count]
        assigned.append((name, colour))
        return colour
    }

    /// The colour `name` was given, or nil.
    package func existing(_ name: String) -> String? { assigned.first { $0.name == name }?.colour }
}
