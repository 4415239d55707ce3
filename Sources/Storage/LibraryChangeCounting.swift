/// A store that can say, without a query, whether anything was written through it: a
/// number that grows with every committed write. Caches of what was read (rendered pages)
/// keep an answer only while the number stays the same. Writes by other processes sharing
/// the database are not counted, so such caches must also expire by age.
public protocol LibraryChangeCounting: Sendable {
    /// Grows by at least one with every committed write made through this store.
    var libraryChangeCount: UInt64 { get }
}
