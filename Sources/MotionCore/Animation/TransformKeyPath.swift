/// Core Animation's component key paths on `transform` (`transform.rotation.y`, `transform.scale`, …): the scalar
/// is interpolated and the matrix rebuilt from it, so a rotation of 2π is a real full turn (a whole-matrix
/// interpolation of two identical matrices would not move).
public enum TransformKeyPath: String, Sendable, CaseIterable {
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    case rotationZ = "transform.rotation.z"
    case rotation = "transform.rotation"
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case scaleZ = "transform.scale.z"
    case translationX = "transform.translation.x"
    case translationY = "transform.translation.y"
    case translationZ = "transform.translation.z"

    /// The transform for component value `value` (radians for rotations, points for translations).
    public func transform(_ value: Double) -> Transform3D {
        switch self {
        case .rotationX: .rotation(value, x: 1, y: 0, z: 0)
        case .rotationY: .rotation(value, x: 0, y: 1, z: 0)
        case .rotationZ, .rotation: .rotation(value, x: 0, y: 0, z: 1)
        case .scale: .scale(value, value, value)
        case .scaleX: .scale(value, 1, 1)
        case .scaleY: .scale(1, value, 1)
        case .scaleZ: .scale(1, 1, value)
        case .translationX: .translation(value, 0, 0)
        case .translationY: .translation(0, value, 0)
        case .translationZ: .translation(0, 0, value)
        }
    }
}
