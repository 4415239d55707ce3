/// The member names a reader wants from one kind of JSON object, matched on the name's bytes
/// (no `String` is made for a member name, wanted or not).
struct JSONMemberTable<Member: RawRepresentable & CaseIterable & Sendable>: Sendable where Member.RawValue == String {
    let members: [Member]
    private let names: [[UInt8]]

    init() {
        members = Array(Member.allCases)
        names = members.map { Array($0.rawValue.utf8) }
        // `JSONScanner.readObject` marks the names it has seen in the bits of one UInt64.
        precondition(members.count <= 64, "a JSON member table holds at most 64 names")
    }

    /// The position of `name` in `members`, or nil when the reader does not want it.
    func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in names.indices where names[index].count == name.count {
            let matches = names[index].withUnsafeBufferPointer { candidate in
                candidate.elementsEqual(name)
            }
            if matches { return index }
        }
        return nil
    }
}
