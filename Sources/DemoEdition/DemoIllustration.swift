import Foundation

/// Draws the demo edition's images: a 16:9 abstract illustration per article (and a second
/// one for articles with a figure) and a square monogram icon per source. Everything is
/// derived from the names, so the same article always gets the same picture. The output is
/// plain SVG with a viewBox: no scripts, no event attributes, no external references.
enum DemoIllustration {
    static let width = 320
    static let height = 180

    static func lead(for article: DemoArticle, in source: DemoSource) -> String {
        illustration(seed: "\(source.id.rawValue)/\(article.slug)", source: source)
    }

    static func figure(for article: DemoArticle, in source: DemoSource) -> String {
        illustration(seed: "\(source.id.rawValue)/\(article.slug)#figure", source: source)
    }

    static func icon(for source: DemoSource) -> String {
        let palette = source.palette
        let gradientID = "icon-\(source.id.rawValue)"
        let letters = DemoMarkup.escaped(source.monogram)
        let fontSize = source.monogram.count > 1 ? 24 : 32
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\" width=\"64\" height=\"64\">"
            + gradient(id: gradientID, from: palette.backgroundStart, to: palette.backgroundEnd, direction: (0, 0, 1, 1))
            + "<rect width=\"64\" height=\"64\" rx=\"14\" fill=\"url(#\(gradientID))\"/>"
            + iconMark(for: source.motif, palette: palette)
            + "<text x=\"32\" y=\"\(fontSize > 24 ? 43 : 40)\" text-anchor=\"middle\" font-family=\"Georgia,serif\" "
            + "font-size=\"\(fontSize)\" font-weight=\"700\" fill=\"\(palette.ink)\">\(letters)</text></svg>"
    }

    // MARK: - Illustrations

    private static func illustration(seed: String, source: DemoSource) -> String {
        var random = SeededGenerator(seed: seed)
        let palette = source.palette
        let gradientID = "bg\(random.integer(in: 0x100000...0xffffff))"
        let directions = [(0, 0, 1, 1), (1, 0, 0, 1), (0, 0, 0, 1), (0, 0, 1, 0)]
        let direction = directions[random.integer(in: 0...(directions.count - 1))]
        let shapes = switch source.motif {
        case .orbits: orbits(&random, palette)
        case .constellation: constellation(&random, palette)
        case .columns: columns(&random, palette)
        case .waves: waves(&random, palette)
        case .stripes: stripes(&random, palette)
        case .beams: beams(&random, palette)
        case .blocks: blocks(&random, palette)
        case .horizon: horizon(&random, palette)
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\">"
            + gradient(id: gradientID, from: palette.backgroundStart, to: palette.backgroundEnd, direction: direction)
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#\(gradientID))\"/>"
            + shapes
            + "</svg>"
    }

    private static func gradient(id: String, from start: String, to end: String, direction: (Int, Int, Int, Int)) -> String {
        "<defs><linearGradient id=\"\(id)\" x1=\"\(direction.0)\" y1=\"\(direction.1)\" x2=\"\(direction.2)\" y2=\"\(direction.3)\">"
            + "<stop offset=\"0\" stop-color=\"\(start)\"/><stop offset=\"1\" stop-color=\"\(end)\"/></linearGradient></defs>"
    }

    private static func stars(_ random: inout SeededGenerator, count: ClosedRange<Int>, color: String, below maximumY: Int) -> String {
        (0..<random.integer(in: count)).map { _ in
            let x = random.integer(in: 8...312), y = random.integer(in: 8...maximumY)
            return "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(random.integer(in: 1...2))\" fill=\"\(color)\" opacity=\"\(random.opacity(4...8))\"/>"
        }.joined()
    }

    private static func orbits(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        let centerX = random.integer(in: 100...220), centerY = random.integer(in: 70...110)
        var svg = stars(&random, count: 5...9, color: palette.ink, below: 172)
        for ring in 0..<random.integer(in: 2...3) {
            let radiusX = Double(random.integer(in: 60...140)), radiusY = Double(random.integer(in: 16...42))
            let tilt = Double(random.integer(in: -28...28))
            svg += "<ellipse cx=\"\(centerX)\" cy=\"\(centerY)\" rx=\"\(Int(radiusX))\" ry=\"\(Int(radiusY))\" fill=\"none\" "
                + "stroke=\"\(palette.accent(ring + 1))\" stroke-width=\"2\" opacity=\"\(random.opacity(5...8))\" "
                + "transform=\"rotate(\(Int(tilt)) \(centerX) \(centerY))\"/>"
            // A moon somewhere on this ring: a point of the ellipse, turned by the ring's tilt.
            let angle = Double(random.integer(in: 0...359)) * .pi / 180, turn = tilt * .pi / 180
            let alongX = radiusX * cos(angle), alongY = radiusY * sin(angle)
            let moonX = Double(centerX) + alongX * cos(turn) - alongY * sin(turn)
            let moonY = Double(centerY) + alongX * sin(turn) + alongY * cos(turn)
            svg += "<circle cx=\"\(Int(moonX))\" cy=\"\(Int(moonY))\" r=\"\(random.integer(in: 4...8))\" fill=\"\(palette.accent(ring + 2))\"/>"
        }
        svg += "<circle cx=\"\(centerX)\" cy=\"\(centerY)\" r=\"\(random.integer(in: 16...28))\" fill=\"\(palette.accent(0))\"/>"
        return svg
    }

    private static func constellation(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        var svg = ""
        for glow in 0..<2 {
            svg += "<circle cx=\"\(random.integer(in: 40...280))\" cy=\"\(random.integer(in: 30...150))\" r=\"\(random.integer(in: 40...80))\" "
                + "fill=\"\(palette.accent(glow))\" opacity=\"\(random.opacity(3...5))\"/>"
        }
        let count = random.integer(in: 6...9)
        let slot = 280 / count
        let points = (0..<count).map { index in
            (20 + index * slot + random.integer(in: 0...(slot - 4)), random.integer(in: 22...158))
        }
        svg += "<polyline points=\"\(points.map { "\($0.0),\($0.1)" }.joined(separator: " "))\" fill=\"none\" "
            + "stroke=\"\(palette.ink)\" stroke-width=\"1.5\" opacity=\"0.6\"/>"
        for point in points {
            svg += "<circle cx=\"\(point.0)\" cy=\"\(point.1)\" r=\"\(random.integer(in: 2...5))\" fill=\"\(palette.ink)\"/>"
        }
        return svg + "<circle cx=\"\(points[0].0)\" cy=\"\(points[0].1)\" r=\"9\" fill=\"none\" stroke=\"\(palette.accent(2))\" stroke-width=\"2\"/>"
    }

    private static func columns(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        let count = random.integer(in: 6...9)
        let slot = 272 / count, barWidth = slot * 3 / 5, baseline = 158
        var svg = "<line x1=\"16\" y1=\"\(baseline)\" x2=\"304\" y2=\"\(baseline)\" stroke=\"\(palette.ink)\" stroke-width=\"2\" opacity=\"0.5\"/>"
        var tops: [(Int, Int)] = []
        var barHeight = random.integer(in: 30...70)
        for index in 0..<count {
            barHeight = min(130, max(16, barHeight + random.integer(in: -24...30)))
            let x = 24 + index * slot
            tops.append((x + barWidth / 2, baseline - barHeight - 8))
            svg += "<rect x=\"\(x)\" y=\"\(baseline - barHeight)\" width=\"\(barWidth)\" height=\"\(barHeight)\" rx=\"2\" "
                + "fill=\"\(palette.accent(index % 2))\" opacity=\"\(random.opacity(7...9))\"/>"
        }
        svg += "<polyline points=\"\(tops.map { "\($0.0),\($0.1)" }.joined(separator: " "))\" fill=\"none\" "
            + "stroke=\"\(palette.accent(2))\" stroke-width=\"3\" stroke-linejoin=\"round\"/>"
        if let last = tops.last {
            svg += "<circle cx=\"\(last.0)\" cy=\"\(last.1)\" r=\"5\" fill=\"\(palette.accent(2))\"/>"
        }
        return svg
    }

    private static func waves(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        var svg = "<circle cx=\"\(random.integer(in: 40...280))\" cy=\"\(random.integer(in: 34...62))\" r=\"\(random.integer(in: 16...28))\" "
            + "fill=\"\(palette.accent(2))\" opacity=\"0.9\"/>"
        for layer in 0..<3 {
            let y = 92 + layer * 26 + random.integer(in: -8...8)
            let rise = random.integer(in: 8...22) * (random.integer(in: 0...1) == 0 ? 1 : -1)
            let control = random.integer(in: 50...110)
            svg += "<path d=\"M0 \(y)Q\(control) \(y - rise) 160 \(y)T320 \(y)V180H0Z\" fill=\"\(palette.accent(layer))\" "
                + "opacity=\"\(random.opacity(6...9))\"/>"
        }
        return svg
    }

    private static func stripes(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        var svg = ""
        for band in 0..<random.integer(in: 3...4) {
            let x = random.integer(in: 0...380), bandWidth = random.integer(in: 18...56)
            svg += "<polygon points=\"\(x),0 \(x + bandWidth),0 \(x + bandWidth - 100),180 \(x - 100),180\" "
                + "fill=\"\(palette.accent(band))\" opacity=\"\(random.opacity(5...8))\"/>"
        }
        let lineY = random.integer(in: 124...150)
        svg += "<line x1=\"0\" y1=\"\(lineY)\" x2=\"320\" y2=\"\(lineY)\" stroke=\"\(palette.ink)\" stroke-width=\"2\" "
            + "stroke-dasharray=\"10 8\" opacity=\"0.5\"/>"
        let ballX = random.integer(in: 70...270), ballY = random.integer(in: 40...110), radius = random.integer(in: 10...16)
        for trail in 1...3 {
            let y = ballY - radius + trail * radius / 2
            svg += "<line x1=\"\(ballX - radius - 14 - trail * 10)\" y1=\"\(y)\" x2=\"\(ballX - radius - 6)\" y2=\"\(y)\" "
                + "stroke=\"\(palette.ink)\" stroke-width=\"2\" stroke-linecap=\"round\" opacity=\"0.6\"/>"
        }
        return svg + "<circle cx=\"\(ballX)\" cy=\"\(ballY)\" r=\"\(radius)\" fill=\"\(palette.ink)\"/>"
    }

    private static func beams(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        var svg = ""
        for _ in 0..<random.integer(in: 2...3) {
            let top = random.integer(in: 30...290), spot = random.integer(in: 70...250), spread = random.integer(in: 28...56)
            svg += "<polygon points=\"\(top),-10 \(spot - spread),168 \(spot + spread),168\" fill=\"\(palette.ink)\" "
                + "opacity=\"\(random.opacity(1...2))\"/>"
        }
        svg += "<ellipse cx=\"160\" cy=\"178\" rx=\"170\" ry=\"\(random.integer(in: 16...24))\" fill=\"\(palette.accent(0))\" opacity=\"0.8\"/>"
        for star in 0..<random.integer(in: 4...7) {
            svg += "<circle cx=\"\(random.integer(in: 10...310))\" cy=\"\(random.integer(in: 10...120))\" r=\"\(random.integer(in: 2...4))\" "
                + "fill=\"\(palette.accent(1 + star % 2))\"/>"
        }
        return svg
    }

    private static func blocks(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        var svg = ""
        for row in 0..<3 {
            for column in 0..<5 where random.integer(in: 0...4) > 0 {
                svg += "<rect x=\"\(10 + column * 62)\" y=\"\(14 + row * 54)\" width=\"52\" height=\"44\" rx=\"4\" "
                    + "fill=\"\(palette.accent(random.integer(in: 0...2)))\" opacity=\"\(random.opacity(5...9))\"/>"
            }
        }
        let start = random.integer(in: 20...160), end = random.integer(in: 20...160)
        return svg + "<path d=\"M0 \(start)C110 \(random.integer(in: 0...180)) 210 \(random.integer(in: 0...180)) 320 \(end)\" "
            + "fill=\"none\" stroke=\"\(palette.ink)\" stroke-width=\"7\" stroke-linecap=\"round\" opacity=\"0.7\"/>"
    }

    private static func horizon(_ random: inout SeededGenerator, _ palette: DemoPalette) -> String {
        let sunX = random.integer(in: 40...280), seaLevel = random.integer(in: 104...124)
        var svg = "<circle cx=\"\(sunX)\" cy=\"\(seaLevel - random.integer(in: 10...40))\" r=\"\(random.integer(in: 18...30))\" fill=\"\(palette.accent(0))\"/>"
        svg += "<rect y=\"\(seaLevel)\" width=\"320\" height=\"\(180 - seaLevel)\" fill=\"\(palette.accent(1))\"/>"
        for swell in 1...3 {
            let y = seaLevel + swell * 16
            svg += "<line x1=\"\(random.integer(in: 0...60))\" y1=\"\(y)\" x2=\"\(random.integer(in: 220...320))\" y2=\"\(y)\" "
                + "stroke=\"\(palette.ink)\" stroke-width=\"2\" stroke-dasharray=\"24 12\" opacity=\"0.35\"/>"
        }
        // The lighthouse stands on the side away from the sun and shines toward it.
        let towerX = sunX < 160 ? random.integer(in: 210...280) : random.integer(in: 40...110)
        let reach = sunX < 160 ? -130 : 130
        svg += "<polygon points=\"\(towerX),\(seaLevel - 58) \(towerX + reach),\(seaLevel - 80) \(towerX + reach),\(seaLevel - 40)\" "
            + "fill=\"\(palette.accent(2))\" opacity=\"0.4\"/>"
        svg += "<polygon points=\"\(towerX - 9),\(seaLevel + 4) \(towerX + 9),\(seaLevel + 4) \(towerX + 6),\(seaLevel - 52) \(towerX - 6),\(seaLevel - 52)\" "
            + "fill=\"\(palette.ink)\"/>"
        return svg + "<rect x=\"\(towerX - 7)\" y=\"\(seaLevel - 64)\" width=\"14\" height=\"12\" rx=\"2\" fill=\"\(palette.accent(2))\"/>"
    }

    // MARK: - Icon marks

    /// A small mark in the source's motif, drawn behind the monogram.
    private static func iconMark(for motif: DemoMotif, palette: DemoPalette) -> String {
        let accent = palette.accent(0), second = palette.accent(1)
        return switch motif {
        case .orbits:
            "<ellipse cx=\"32\" cy=\"32\" rx=\"27\" ry=\"10\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"3\" transform=\"rotate(-24 32 32)\"/>"
                + "<circle cx=\"54\" cy=\"20\" r=\"4\" fill=\"\(second)\"/>"
        case .constellation:
            "<polyline points=\"10,14 22,9 31,16\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"1.5\"/>"
                + "<circle cx=\"10\" cy=\"14\" r=\"2.5\" fill=\"\(accent)\"/><circle cx=\"22\" cy=\"9\" r=\"2.5\" fill=\"\(accent)\"/>"
                + "<circle cx=\"31\" cy=\"16\" r=\"2.5\" fill=\"\(second)\"/>"
        case .columns:
            "<rect x=\"14\" y=\"48\" width=\"8\" height=\"8\" fill=\"\(accent)\"/><rect x=\"28\" y=\"44\" width=\"8\" height=\"12\" fill=\"\(accent)\"/>"
                + "<rect x=\"42\" y=\"40\" width=\"8\" height=\"16\" fill=\"\(second)\"/>"
        case .waves:
            "<path d=\"M6 52Q19 44 32 52T58 52\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
        case .stripes:
            "<polygon points=\"40,0 52,0 24,64 12,64\" fill=\"\(accent)\" opacity=\"0.7\"/>"
        case .beams:
            "<polygon points=\"32,0 14,58 50,58\" fill=\"\(accent)\" opacity=\"0.45\"/><circle cx=\"52\" cy=\"12\" r=\"3\" fill=\"\(second)\"/>"
        case .blocks:
            "<rect x=\"10\" y=\"50\" width=\"12\" height=\"6\" rx=\"1\" fill=\"\(accent)\"/><rect x=\"26\" y=\"50\" width=\"12\" height=\"6\" rx=\"1\" fill=\"\(second)\"/>"
                + "<rect x=\"42\" y=\"50\" width=\"12\" height=\"6\" rx=\"1\" fill=\"\(accent)\"/>"
        case .horizon:
            "<path d=\"M18 64A14 14 0 0 1 46 64Z\" fill=\"\(accent)\"/><line x1=\"6\" y1=\"56\" x2=\"58\" y2=\"56\" stroke=\"\(second)\" stroke-width=\"2\"/>"
        }
    }
}
