// The built-in scenes by name, for the tests (the app layer itself only asks the registry).
@testable import AnimExport
import Scenes

extension AnimationKind {
    static let pulse = AnimationKind(PulsePlugin.self)
    static let dots = AnimationKind(DotsPlugin.self)
    static let heart = AnimationKind(HeartPlugin.self)
}
