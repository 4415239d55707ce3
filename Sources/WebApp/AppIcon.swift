/// Broadsheet's mark: a red rounded square holding a front page (a masthead bar and
/// three lines of text). Drawn once as SVG and rasterised to PNG for the manifest,
/// the home screen and the favicon.
enum AppIcon {
    /// A rectangle on a 64-unit square canvas, with rounded corners.
    struct Shape: Sendable {
        var x: Double, y: Double, width: Double, height: Double, radius: Double
    }

    static let background = PNGEncoder.Color(red: 0xA4, green: 0x28, blue: 0x1B)
    static let foreground = PNGEncoder.Color(red: 0xFF, green: 0xFB, blue: 0xF5)
    static let backgroundHex = "#a4281b"
    static let foregroundHex = "#fffbf5"

    static let mark: [Shape] = [
        Shape(x: 14, y: 15, width: 36, height: 9, radius: 2),
        Shape(x: 14, y: 29, width: 36, height: 4, radius: 2),
        Shape(x: 14, y: 37, width: 36, height: 4, radius: 2),
        Shape(x: 14, y: 45, width: 22, height: 4, radius: 2),
    ]

    /// The mark as every page's header draws it: without a title (the brand's name is written
    /// beside it) and hidden from screen readers. Made once: each page used to draw it anew.
    static let decorativeSVG = svg(title: nil)

    /// The icon as SVG. `fullBleed` fills the square (for maskable icons and the home screen)
    /// and shrinks the mark into the safe zone.
    static func svg(fullBleed: Bool = false, title: String? = "Broadsheet") -> String {
        let scale = fullBleed ? 0.8 : 1.0
        let offset = 32 * (1 - scale)
        let backgroundShape = fullBleed
            ? #"<rect width="64" height="64" fill="\#(backgroundHex)"/>"#
            : #"<rect width="64" height="64" rx="14" fill="\#(backgroundHex)"/>"#
        let shapes = mark.map { shape in
            let x = format(offset + shape.x * scale), y = format(offset + shape.y * scale)
            let width = format(shape.width * scale), height = format(shape.height * scale)
            return #"<rect x="\#(x)" y="\#(y)" width="\#(width)" height="\#(height)" rx="\#(format(shape.radius * scale))" fill="\#(foregroundHex)"/>"#
        }.joined()
        let titleElement = title.map { "<title>\(HTML.escape($0))</title>" } ?? ""
        let accessibility = title == nil ? #"aria-hidden="true" focusable="false""# : #"role="img""#
        return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" \#(accessibility)>\#(titleElement)\#(backgroundShape)\#(shapes)</svg>"#
    }

    /// The icon as a PNG of `size`×`size` pixels, anti-aliased by 4×4 supersampling.
    static func png(size: Int, fullBleed: Bool) -> [UInt8] {
        let levels = 64
        // Palette: 0..<64 background at rising opacity (rounded corners), 64..<128 background
        // blended towards the foreground (edges of the mark).
        var palette: [PNGEncoder.Color] = []
        var alphas: [UInt8] = []
        for level in 0..<levels {
            palette.append(background)
            alphas.append(UInt8((Double(level) / Double(levels - 1) * 255).rounded()))
        }
        for level in 0..<levels {
            let amount = Double(level) / Double(levels - 1)
            func mix(_ from: UInt8, _ to: UInt8) -> UInt8 { UInt8((Double(from) + (Double(to) - Double(from)) * amount).rounded()) }
            palette.append(.init(red: mix(background.red, foreground.red), green: mix(background.green, foreground.green), blue: mix(background.blue, foreground.blue)))
        }
        let scale = fullBleed ? 0.8 : 1.0
        let offset = 32 * (1 - scale)
        let shapes = mark.map { Shape(x: offset + $0.x * scale, y: offset + $0.y * scale, width: $0.width * scale, height: $0.height * scale, radius: $0.radius * scale) }
        let backgroundShape = Shape(x: 0, y: 0, width: 64, height: 64, radius: fullBleed ? 0 : 14)
        let samples = 4
        let unitsPerPixel = 64 / Double(size)
        var pixels = [UInt8](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                var backgroundHits = 0
                var markHits = 0
                for sampleRow in 0..<samples {
                    for sampleColumn in 0..<samples {
                        let x = (Double(column) + (Double(sampleColumn) + 0.5) / Double(samples)) * unitsPerPixel
                        let y = (Double(row) + (Double(sampleRow) + 0.5) / Double(samples)) * unitsPerPixel
                        if contains(backgroundShape, x, y) {
                            backgroundHits += 1
                            if shapes.contains(where: { contains($0, x, y) }) { markHits += 1 }
                        }
                    }
                }
                let total = Double(samples * samples)
                let index: Int
                if backgroundHits < samples * samples {
                    index = Int((Double(backgroundHits) / total * Double(levels - 1)).rounded())
                } else {
                    index = levels + Int((Double(markHits) / total * Double(levels - 1)).rounded())
                }
                pixels[row * size + column] = UInt8(index)
            }
        }
        return PNGEncoder.encodeIndexed(width: size, height: size, palette: palette, alphas: alphas, pixels: pixels)
    }

    private static func contains(_ shape: Shape, _ x: Double, _ y: Double) -> Bool {
        guard x >= shape.x, x <= shape.x + shape.width, y >= shape.y, y <= shape.y + shape.height else { return false }
        let radius = shape.radius
        guard radius > 0 else { return true }
        let nearestX = min(max(x, shape.x + radius), shape.x + shape.width - radius)
        let nearestY = min(max(y, shape.y + radius), shape.y + shape.height - radius)
        let deltaX = x - nearestX, deltaY = y - nearestY
        return deltaX * deltaX + deltaY * deltaY <= radius * radius
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
