/// Why a document is not well-formed XML, and where.
public struct XMLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case unexpectedLessThan = "a '<' that starts no tag"
        case textOutsideRoot = "text outside the root element"
        case cdataEndInText = "']]>' in text"
        case invalidCharacter = "a control character XML does not allow"
        case unterminatedComment = "a comment that is never closed"
        case unterminatedCDATA = "a CDATA section that is never closed"
        case unterminatedProcessingInstruction = "a processing instruction that is never closed"
        case misplacedXMLDeclaration = "an XML declaration that is not at the very start"
        case malformedDeclaration = "a malformed declaration"
        case malformedTag = "a malformed tag"
        case unterminatedTag = "a tag that is never closed"
        case malformedAttribute = "a malformed attribute"
        case attributeWithoutValue = "an attribute without a value"
        case unquotedAttribute = "an attribute value without quotes"
        case unterminatedAttribute = "an attribute value that is never closed"
        case lessThanInAttribute = "a '<' inside an attribute value"
        case duplicateAttribute = "a repeated attribute"
        case mismatchedEndTag = "an end tag that does not match the open element"
        case unclosedElement = "elements still open at the end of the document"
        case multipleRootElements = "more than one root element"
        case noRootElement = "no element at all"
        case misplacedDoctype = "a DOCTYPE after the root element"
        case unterminatedDoctype = "a DOCTYPE that is never closed"
        case undefinedEntity = "an undefined entity"
        case invalidCharacterReference = "a character reference to a character XML does not allow"
        case bareAmpersand = "an '&' that starts no reference"
        case tooDeep = "elements nested too deeply"
        case undeclaredPrefix = "a namespace prefix that was never declared"
    }

    public var kind: Kind
    /// Byte offset in the UTF-8 document.
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String { "\(kind.rawValue) (line \(line), column \(column))" }
}
