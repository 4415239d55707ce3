import Foundation
import NewsModel
import SyncSupport

/// What the edit form sent, checked: a name, an http(s) feed address with a host, and
/// category, language and country from NewsAPI's lists (or none).
struct SourceEditForm: Sendable, Hashable {
    static let maximumNameLength = 120
    static let maximumAddressLength = 2_000

    var name: String
    var feedURL: String
    var category: NewsModel.Category?
    var language: Language?
    var country: Country?

    enum Problem: Error, Equatable, CustomStringConvertible {
        case missingName, nameTooLong, notAWebAddress, addressTooLong, unknownChoice(String)

        var description: String {
            switch self {
            case .missingName: "Give the source a name."
            case .nameTooLong: "Keep the name under \(SourceEditForm.maximumNameLength) characters."
            case .notAWebAddress: "The feed address must be a web address starting with http:// or https://, such as https://www.example.org/feed.xml."
            case .addressTooLong: "That address is longer than \(SourceEditForm.maximumAddressLength) characters; check that it is a feed's address."
            case .unknownChoice(let field): "Pick the \(field) from the list."
            }
        }
    }

    /// Reads the form; `currentFeedURL` stays when the source's address cannot be edited.
    init(form: QueryParameters, currentFeedURL: String, addressIsEditable: Bool) throws(Problem) {
        name = form["name"]?.trimmingSpaces() ?? ""
        guard !name.isEmpty else { throw .missingName }
        guard name.count <= Self.maximumNameLength else { throw .nameTooLong }
        if addressIsEditable {
            let address = form["address"]?.trimmingSpaces() ?? ""
            guard address.utf8.count <= Self.maximumAddressLength else { throw .addressTooLong }
            guard let components = URLComponents(string: address),
                  let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = components.host, !host.isEmpty, components.user == nil, components.password == nil else {
                throw .notAWebAddress
            }
            feedURL = address
        } else {
            feedURL = currentFeedURL
        }
        category = try Self.choice(form["category"], field: "category") { NewsModel.Category(rawValue: $0) }
        language = try Self.choice(form["language"], field: "language") { Language(rawValue: $0) }
        country = try Self.choice(form["country"], field: "country") { Country(rawValue: $0) }
    }

    private static func choice<Value>(_ raw: String?, field: String, _ make: (String) -> Value?) throws(Problem) -> Value? {
        guard let raw, !raw.isEmpty else { return nil }
        guard let value = make(raw) else { throw .unknownChoice(field) }
        return value
    }
}
