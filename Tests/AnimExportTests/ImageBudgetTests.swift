// ImageBudget: the decoded pixels of an animation's images together stay within the cap.
import Testing
@testable import AnimExport
import Lottie

@Suite struct ImageBudgetTests {
    @Test func refusesTheImageThatCrossesTheCap() throws {
        let budget = ImageBudget(maxPixels: 20)
        let image = LottieImagePixels(width: 4, height: 2, rgba: [UInt8](repeating: 0, count: 32))
        _ = try budget.charge(image)
        _ = try budget.charge(image)   // 16 of 20
        #expect(throws: (any Error).self) { try budget.charge(image) }
        #expect(ImageBudget().maxPixels == 1 << 26)
    }
}
