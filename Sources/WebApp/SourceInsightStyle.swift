/// The styles of the source pages' activity chart and health list, the grid's dormant mark
/// and the public blogroll; appended to `StyleSheet.css` in the one served stylesheet.
enum SourceInsightStyle {
    /// The chart's five shades per theme: a quiet track, then the accent ever stronger. Dark
    /// shades climb towards light so the busiest days stand out on a dark page too.
    static let darkShades = """
    --activity-0: #2a2724;
    --activity-1: #5a2e27;
    --activity-2: #8e3f33;
    --activity-3: #cf6656;
    --activity-4: #ff9f8f;
    """

    static let css = #"""
:root {
  --activity-0: #ece7de;
  --activity-1: #f2c2b8;
  --activity-2: #e08a7c;
  --activity-3: #c4483a;
  --activity-4: #8a1f14;
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) {
\#(darkShades)
  }
}
:root[data-theme="dark"] {
\#(darkShades)
}
.source-insights { display: grid; gap: 14px 32px; margin: 18px 0 22px; padding: 16px 18px; background: var(--surface); border: 1px solid var(--rule); border-radius: var(--radius); max-width: 1000px; }
.activity { margin: 0; min-width: 0; }
.activity-charts { display: flex; flex-wrap: wrap; gap: 14px 28px; align-items: flex-start; }
.activity svg { display: block; height: auto; }
.activity-calendar { width: 100%; max-width: 720px; flex: 1 1 420px; }
.activity-weekdays { width: 144px; flex: none; }
.activity text { fill: var(--muted); font: 9px/1 var(--sans); }
.activity .activity-heading { fill: var(--ink-soft); font-weight: 700; }
.activity .weekday-count { fill: var(--ink-soft); }
.activity .l0, .activity .weekday-track { fill: var(--activity-0); }
.activity .l1 { fill: var(--activity-1); }
.activity .l2 { fill: var(--activity-2); }
.activity .l3 { fill: var(--activity-3); }
.activity .l4 { fill: var(--activity-4); }
.activity-caption { margin-top: 10px; color: var(--ink-soft); font-size: .92rem; display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; }
.activity-legend { display: inline-flex; gap: 6px; align-items: center; color: var(--muted); font-size: .8rem; }
.activity-legend svg { display: inline-block; }
.health { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 10px 24px; margin: 0; }
.health div { min-width: 0; }
.health dt { color: var(--muted); font-size: .78rem; text-transform: uppercase; letter-spacing: .05em; font-weight: 700; }
.health dd { margin: 2px 0 0; font-size: .95rem; overflow-wrap: anywhere; }
.health .health-error { color: var(--error-ink); }
.badge.dormant { color: var(--warn-ink); background: var(--warn-bg); border-color: var(--warn-rule); margin-left: 0; }
.tile-dormant {
  position: absolute; left: 8px; bottom: 8px; z-index: 2;
  background: var(--warn-bg); color: var(--warn-ink); border-radius: 999px;
  font: 700 .68rem/1 var(--sans); letter-spacing: .04em; text-transform: uppercase; padding: 4px 7px;
}
.grid-sort { margin: -4px 0 14px; font-size: .88rem; }
.grid-sort a { color: var(--ink-soft); }
.blogroll-page main { max-width: 44rem; }
.blogroll-header { margin: 18px 0 20px; }
.blogroll-header h1 { font: 700 clamp(1.7rem, 6vw, 2.4rem)/1.15 var(--serif); margin: 0 0 8px; letter-spacing: -.015em; }
.blogroll-header p { margin: 0 0 6px; color: var(--ink-soft); }
.blogroll-group h2 { font: 700 1.15rem/1.3 var(--serif); margin: 26px 0 8px; }
.blogroll-list { list-style: none; margin: 0; padding: 0; }
.blogroll-list li { padding: 14px 0; border-top: 1px solid var(--rule); }
.blogroll-list li:last-child { border-bottom: 1px solid var(--rule); }
.blogroll-name { font: 600 1.08rem/1.3 var(--sans); margin: 0; overflow-wrap: anywhere; }
.blogroll-name a { text-decoration-thickness: 1px; text-underline-offset: 3px; }
.blogroll-description { margin: 4px 0 0; color: var(--ink-soft); font-size: .95rem; }
.blogroll-links { margin: 6px 0 0; font-size: .85rem; color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 14px; }
.blogroll-links a { color: var(--muted); overflow-wrap: anywhere; }
.blogroll-footer { margin-top: 28px; color: var(--muted); font-size: .85rem; }
.blogroll-footer a { color: var(--muted); }
.blogroll-choices { list-style: none; margin: 6px 0 0; padding: 0; display: grid; gap: 2px; }
.blogroll-choices .choice { flex-wrap: wrap; align-items: baseline; }
.blogroll-choices .choice .subtle { flex-basis: 100%; padding-left: 26px; font-size: .82rem; }
.blogroll-choices .choice input { align-self: center; }
.blogroll-choices ul { list-style: none; margin: 2px 0 4px 26px; padding: 0; }
"""#
}
