// What the renderer cannot draw yet is reported, and drawn as documented (RenderReport.swift):
// never silently dropped or silently wrong.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct ReportTests {
    let disc = Path.circle(center: Point(32, 32), radius: 20)

    @Test func imagesRasterCannotHoldAreReportedAndNotDrawn() {
        var list = DisplayList()
        let image = list.addImage(Bitmap(width: 0, height: 0, pixels: []))
        list.fill(disc, paint: .image(ImagePattern(image, transform: .scale(64, 64))))
        let (canvas, report) = rendered(list)
        #expect(report.unsupported == .imagePaints)
        #expect(bytes(canvas) == bytes(direct { _, _ in }))
    }

    @Test func nearestSamplingIsReportedAndDrawnBilinear() {
        func list(_ sampling: ImageSampling) -> DisplayList {
            var list = DisplayList()
            let image = list.addImage(Bitmap(width: 2, height: 1, pixels: [PremultipliedRGBA8(.black), PremultipliedRGBA8(.white)]))
            list.fill(disc, paint: .image(ImagePattern(image, transform: .scale(32, 64), sampling: sampling)))
            return list
        }
        let (nearest, report) = rendered(list(.nearest))
        let (bilinear, bilinearReport) = rendered(list(.bilinear))
        #expect(report.unsupported == .nearestSampling && bilinearReport.isFaithful)
        #expect(bytes(nearest) == bytes(bilinear))
    }

    @Test func focalGradientsAreDrawnWithTheTwoPointKernel() {
        var list = DisplayList()
        let stops = list.addGradient(threeColours)
        list.fill(disc, paint: .radial(RadialGradient(stops, center: Point(32, 32), radius: 20, focalPoint: Point(40, 30))))
        let (canvas, report) = rendered(list)
        #expect(report.isFaithful)
        let want = direct { r, c in
            r.fill(disc, paint: RadialGradientPaint(gradient: threeColours, center: Point(32, 32), radius: 20,
                                                    focalPoint: Point(40, 30)), on: c)
        }
        let concentric = direct { r, c in
            r.fill(disc, paint: RadialGradientPaint(gradient: threeColours, center: Point(32, 32), radius: 20), on: c)
        }
        #expect(bytes(canvas) == bytes(want))
        #expect(bytes(want) != bytes(concentric))
    }

    @Test func refusedStrokesAreCounted() {
        var list = DisplayList()
        list.stroke(disc, style: StrokeStyle(lineWidth: 2, dash: [1e-9, 1e-9]), paint: .solid(red))
        list.stroke(disc, style: StrokeStyle(lineWidth: 2, dash: [-1, 3]), paint: .solid(red))
        let (_, report) = rendered(list)
        #expect(report.refusedStrokes == 2 && report.firstStrokeError != nil && !report.isFaithful)
        // In words (issue 28: it printed `tooManyDashes(estimated: …)`).
        let message = report.messages.first ?? ""
        #expect(message.hasPrefix("2 strokes not drawn: the dash pattern would cut the path into about "), "\(message)")
        #expect(message.hasSuffix("dashes, over the cap of 1 000 000") && !message.contains("("), "\(message)")
    }

    @Test func refusedMergesFromTheSourceAreReported() {
        var list = DisplayList()
        list.fill(disc, paint: .solid(red))
        list.sourceReport.noteRefusedMerge("layers[0] \"a\": why")
        list.sourceReport.noteRefusedMerge("layers[1] \"b\": later")
        let (_, report) = rendered(list)
        #expect(report.source.refusedMerges == 2 && !report.isFaithful)
        #expect(report.messages == ["2 merge paths not merged (the operands drawn as they are, unmerged): layers[0] \"a\": why"])
        list.reset()
        #expect(list.sourceReport.isEmpty)
    }

    @Test func aFocalPointAtTheCentreIsConcentric() {
        var list = DisplayList()
        let stops = list.addGradient(threeColours)
        list.fill(disc, paint: .radial(RadialGradient(stops, center: Point(32, 32), radius: 20, focalPoint: Point(32, 32))))
        #expect(rendered(list).1.isFaithful)
    }

    @Test func featherBeyondTheBlurCapIsReported() {
        // σ = f/2 at scale 1: a feather of 120 is σ 60 (the cap, drawn as asked), 121 is over it.
        for (feather, reported) in [(120.0, false), (121.0, true)] {
            var list = DisplayList()
            list.beginGroup(Group())
            list.addMask(Mask(.add, path: list.addPath(disc), feather: feather))
            list.fill(disc, paint: .solid(red))
            list.endGroup()
            let report = rendered(list).1
            #expect(report.unsupported.contains(.featherSigma) == reported, "feather \(feather)")
            #expect(report.messages.contains { $0.contains("mask feathers over σ 60 px") } == reported)
        }
    }
}
