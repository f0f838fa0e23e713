import Foundation

/// How far apart two sRGB colours look: CIEDE2000 (ΔE₀₀, where about 1 is a just-noticeable difference and
/// 10 or more is clearly a different colour), for normal vision and as seen with protanopia or deuteranopia
/// (Machado, Oliveira and Fernandes 2009, severity 1, applied in linear RGB).
package enum ColourDifference {
    /// Who is looking.
    package enum Vision: String, CaseIterable, Sendable {
        case normal, protanopia, deuteranopia
    }

    /// CIEDE2000 between `first` and `second` (`#rrggbb`) as `vision` sees them, or nil when either is not `#rrggbb`.
    package static func deltaE2000(_ first: String, _ second: String, vision: Vision = .normal) -> Double? {
        guard let a = linearRGB(first), let b = linearRGB(second) else { return nil }
        return ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)))
    }

    /// The smallest ΔE₀₀ over every pair of `colours` and every vision, with the pair and the vision; nil with fewer
    /// than two colours or one that is not `#rrggbb`.
    package static func closestPair(_ colours: [String], visions: [Vision] = Vision.allCases)
        -> (distance: Double, first: String, second: String, vision: Vision)? {
        var closest: (distance: Double, first: String, second: String, vision: Vision)?
        for i in colours.indices {
            for j in colours.indices where j > i {
                for vision in visions {
                    guard let distance = deltaE2000(colours[i], colours[j], vision: vision) else { return nil }
                    if distance < closest?.distance ?? .infinity { closest = (distance, colours[i], colours[j], vision) }
                }
            }
        }
        return closest
    }

    /// `#rrggbb` as linear-light RGB in 0…1.
    static func linearRGB(_ hex: String) -> [Double]? {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return [value >> 16, value >> 8, value].map { channel in
            let c = Double(channel & 0xff) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
    }

    /// Linear RGB as `vision` sees it (Machado et al. 2009, severity 1), clamped to 0…1.
    static func simulate(_ rgb: [Double], _ vision: Vision) -> [Double] {
        let matrix: [[Double]]
        switch vision {
        case .normal: return rgb
        case .protanopia: matrix = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                                    [-0.003882, -0.048116, 1.051998]]
        case .deuteranopia: matrix = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                                      [-0.011820, 0.042940, 0.968881]]
        }
        return matrix.map { row in min(max(zip(row, rgb).map { $0 * $1 }.reduce(0, +), 0), 1) }
    }

    /// Linear sRGB (D65) to CIELAB (L* in 0…100).
    static func lab(_ rgb: [Double]) -> (l: Double, a: Double, b: Double) {
        let (r, g, b) = (rgb[0], rgb[1], rgb[2])
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// CIEDE2000 colour difference between two CIELAB colours (Sharma, Wu and Dalal 2005), kL = kC = kH = 1.
    static func ciede2000(_ first: (l: Double, a: Double, b: Double), _ second: (l: Double, a: Double, b: Double)) -> Double {
        func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let pow25to7 = 6_103_515_625.0
        let meanC = (hypot(first.a, first.b) + hypot(second.a, second.b)) / 2
        let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow25to7)))
        let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
        let c1 = hypot(a1, first.b), c2 = hypot(a2, second.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            a == 0 && b == 0 ? 0 : degrees(atan2(b, a)).truncatingRemainder(dividingBy: 360) + (atan2(b, a) < 0 ? 360 : 0)
        }
        let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
        let deltaL = second.l - first.l, deltaC = c2 - c1
        var deltaH = 0.0
        if c1 * c2 != 0 {
            var dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
            deltaH = 2 * sqrt(c1 * c2) * sin(radians(dh / 2))
        }
        let meanL = (first.l + second.l) / 2, meanCPrime = (c1 + c2) / 2
        var meanH = h1 + h2
        if c1 * c2 != 0 {
            if abs(h1 - h2) <= 180 { meanH = (h1 + h2) / 2 } else if h1 + h2 < 360 { meanH = (h1 + h2 + 360) / 2 } else {
                meanH = (h1 + h2 - 360) / 2
            }
        }
        let t = 1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let rc = 2 * sqrt(pow(meanCPrime, 7) / (pow(meanCPrime, 7) + pow25to7))
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
        let sc = 1 + 0.045 * meanCPrime, sh = 1 + 0.015 * meanCPrime * t
        let rt = -sin(radians(2 * deltaTheta)) * rc
        let (l, c, h) = (deltaL / sl, deltaC / sc, deltaH / sh)
        return sqrt(l * l + c * c + h * h + rt * c * h)
    }
}
