import Foundation
import Storage

/// The part of a source's page about the source itself rather than its articles: a year of
/// posting activity and how its fetches are going.
enum SourceInsightsSection {
    struct Model {
        var calendar: PostingCalendar
        var health: SourceHealth
        var dormantAfterDays: Int
        var isDemo: Bool
        var now: Date
    }

    static func render(_ model: Model) -> HTML {
        """
        <section class="source-insights" aria-labelledby="insights-title">
        <h2 id="insights-title" class="visually-hidden">Activity and health</h2>
        \(PostingActivityChart.render(model.calendar))\(healthList(model))</section>

        """
    }

    static func healthList(_ model: Model) -> HTML {
        let health = model.health, now = model.now
        var rows: [(String, HTML)] = []
        if let posted = health.lastPostedAt {
            let dormant: HTML = health.isDormant
                ? " <span class=\"badge dormant\">Dormant</span> <span class=\"subtle\">nothing for more than \(counted(model.dormantAfterDays, "day"))</span>" : .empty
            rows.append(("Last article", "\(DateText.timeElement(posted, now: now))\(dormant)"))
        } else {
            let dormant: HTML = health.isDormant ? " <span class=\"badge dormant\">Dormant</span>" : .empty
            rows.append(("Last article", "none known\(dormant)"))
        }
        rows.append(("Between articles", health.averageInterval.map { HTML(escaping: "about " + SourceHealth.duration($0) + " on average") }
            ?? "not enough articles to tell"))
        if model.isDemo {
            rows.append(("Fetched", "never: demo sources come built in"))
        } else {
            rows.append(("Last fetched", health.lastSuccessAt.map { DateText.timeElement($0, now: now) } ?? "never successfully"))
            if let error = health.lastError {
                var lasted: HTML = .empty
                if let since = health.failingSince {
                    lasted = " <span class=\"subtle\">failing for \(SourceHealth.duration(now.timeIntervalSince(since))), \(counted(health.failedAttempts, "attempt"))</span>"
                } else if health.failedAttempts > 0 {
                    lasted = " <span class=\"subtle\">\(counted(health.failedAttempts, "failed attempt")) in a row</span>"
                }
                rows.append(("Last error", "<span class=\"health-error\">\(error)</span>\(lasted)"))
            } else {
                rows.append(("Last error", "none"))
            }
            rows.append(("Next attempt", health.nextAttemptAt.map { HTML(escaping: $0 <= now ? "any moment" : DateText.relativeFuture($0, now: now)) } ?? "not planned"))
            let saved: HTML = health.notModifiedCount == 0
                ? "no “not modified” answers yet"
                : "\(SourceHealth.bytes(health.bytesSaved)) not downloaded (\(counted(health.notModifiedCount, "“not modified” answer")))"
            rows.append(("Conditional requests", saved))
        }
        let items: [HTML] = rows.map { name, value in "<div><dt>\(name)</dt><dd>\(value)</dd></div>" }
        return """
        <dl class="health">\(items)</dl>

        """
    }
}
