/// Names of library-wide settings (`ArticleStore.setting(_:)`) that more than one module reads.
public enum LibrarySettingKey {
    /// How many days articles are kept (a whole number; `0` keeps them forever). Default
    /// `RetentionPolicy.defaultDays`.
    public static let retentionDays = "retention.days"
    /// When retention last ran (seconds since 1970), so it runs once a day across restarts.
    public static let retentionLastRunAt = "retention.last_run_at"
}
