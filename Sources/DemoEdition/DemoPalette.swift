/// A source's colours, as `#rrggbb`: its illustrations and icon are drawn only from these,
/// so each source's images look like they belong together.
public struct DemoPalette: Sendable, Hashable {
    /// The two ends of the background gradient.
    public let backgroundStart: String
    public let backgroundEnd: String
    /// Three colours for shapes.
    public let accents: [String]
    /// Lines, small marks and the icon's letters.
    public let ink: String

    init(backgroundStart: String, backgroundEnd: String, accents: [String], ink: String) {
        self.backgroundStart = backgroundStart
        self.backgroundEnd = backgroundEnd
        self.accents = accents
        self.ink = ink
    }

    func accent(_ index: Int) -> String {
        accents.isEmpty ? ink : accents[index % accents.count]
    }
}

/// The family of shapes a source's illustrations are made of.
public enum DemoMotif: String, Sendable, Hashable, CaseIterable {
    /// Planets on tilted orbits and a few stars (technology).
    case orbits
    /// Linked points over soft glows, like a star chart (science).
    case constellation
    /// A bar chart with its trend line (business).
    case columns
    /// Layered hills of gentle waves under a sun (health).
    case waves
    /// Diagonal bands and a ball (sports).
    case stripes
    /// Spotlight beams over a stage (entertainment).
    case beams
    /// A town seen from above: blocks and a winding road (local news).
    case blocks
    /// A lighthouse on a sea horizon (coastal news).
    case horizon
}
