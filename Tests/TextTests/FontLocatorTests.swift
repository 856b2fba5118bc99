// FontLocatorTests.swift — fontconfig lookup: finds Inter Bold, refuses substitutes.

import Testing
@testable import Text

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct FontLocatorTests {
    @Test func locatesInterBold() throws {
        let path = try Font.locate(family: "Inter", style: "Bold")
        let font = try Font(path: path, size: 17)
        #expect(font.familyName == "Inter")
        #expect(font.styleName == "Bold")
        #expect(font.path == path)
    }

    @Test func matchingIgnoresCaseAndBlanks() throws {
        #expect(try Font.locate(family: "inter", style: "BOLD") == Font.locate(family: "Inter", style: "Bold"))
        let semiBold = try Font(path: Font.locate(family: "Inter", style: "SemiBold"), size: 17)
        #expect(semiBold.styleName == "Semi Bold")
    }

    @Test func familyInitializerLocates() throws {
        let font = try Font(family: "Inter", style: "Bold", size: 17)
        #expect(font.familyName == "Inter" && font.styleName == "Bold")
        #expect(font.size == 17)
    }

    @Test func absurdFamilyIsRefusedNotSubstituted() {
        do {
            let path = try Font.locate(family: "Zzyzx Nonexistent Grotesk", style: "Bold")
            Issue.record("fontconfig substitute accepted: \(path)")
        } catch {
            guard case .familyNotFound(let family, let style, let substitute) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(family == "Zzyzx Nonexistent Grotesk" && style == "Bold")
            #expect(substitute != nil, "fontconfig always offers something; it should be named")
            #expect(error.description.contains("Zzyzx Nonexistent Grotesk"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func missingStyleIsRefused() {
        do {
            let path = try Font.locate(family: "Inter", style: "Wobbly")
            Issue.record("style substitute accepted: \(path)")
        } catch {
            guard case .styleNotFound(let family, let style, let available) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(family == "Inter" && style == "Wobbly")
            #expect(available.contains("Bold") && available.contains("Regular"))
            #expect(error.description.contains("Wobbly"))
        }
    }

    @Test func genericAliasIsRefused() {
        #expect(throws: FontError.self) { try Font.locate(family: "sans-serif", style: "Regular") }
    }
}
