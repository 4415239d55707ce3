import Markup

/// The elements the feed mapping treats specially, by their canonical key (`dc_creator`,
/// `media_thumbnail`). Elements not listed are kept under their key as text (or, with
/// attributes, as a dictionary of them).
enum FeedElement: Sendable {
    case rss, channel, feed, image, textInput
    case author, contributor, name, width, height, url, email
    case subtitle, rights, item, language, webMaster
    case published, updated, created, expirationDate
    case category, mediaCategory, itunesCategory, keywords
    case cloud, link, guid, title, mediaTitle, description, abstract, info, generator, summary
    case enclosure, source, content, body, contentEncoded, newLocation
    case dcTermsValid, dcContributor
    case itunesOwner, itunesImage, itunesKeywords, itunesBlock, itunesExplicit
    case mediaGroup, mediaRating, mediaCredit, mediaRestriction, mediaLicense, mediaContent, mediaThumbnail, mediaPlayer, mediaKeywords
    case tags

    static let byKey: [String: FeedElement] = [
        "rss": .rss, "channel": .channel, "feed": .feed, "image": .image, "textinput": .textInput,
        "author": .author, "managingeditor": .author, "dc_author": .author, "dc_creator": .author, "itunes_author": .author,
        "contributor": .contributor, "name": .name, "itunes_name": .name, "width": .width, "height": .height,
        "url": .url, "homepage": .url, "uri": .url, "email": .email, "itunes_email": .email,
        "subtitle": .subtitle, "tagline": .subtitle, "itunes_subtitle": .subtitle,
        "rights": .rights, "copyright": .rights, "dc_rights": .rights,
        "item": .item, "entry": .item, "language": .language, "dc_language": .language,
        "webmaster": .webMaster, "dc_publisher": .webMaster,
        "published": .published, "issued": .published, "pubdate": .published, "dcterms_issued": .published,
        "updated": .updated, "modified": .updated, "lastbuilddate": .updated, "dc_date": .updated, "dcterms_modified": .updated,
        "created": .created, "dcterms_created": .created, "expirationdate": .expirationDate,
        "category": .category, "dc_subject": .category, "keywords": .keywords,
        "media_category": .mediaCategory, "itunes_category": .itunesCategory,
        "cloud": .cloud, "link": .link, "guid": .guid, "id": .guid,
        "title": .title, "dc_title": .title, "media_title": .mediaTitle,
        "description": .description, "dc_description": .description, "media_description": .description,
        "abstract": .abstract, "info": .info, "feedburner_browserfriendly": .info, "generator": .generator,
        "summary": .summary, "itunes_summary": .summary, "enclosure": .enclosure, "source": .source,
        "content": .content, "body": .body, "xhtml_body": .body, "content_encoded": .contentEncoded, "fullitem": .contentEncoded,
        "newlocation": .newLocation, "dcterms_valid": .dcTermsValid, "dc_contributor": .dcContributor,
        "itunes_owner": .itunesOwner, "itunes_image": .itunesImage, "itunes_link": .itunesImage,
        "itunes_keywords": .itunesKeywords, "itunes_block": .itunesBlock, "itunes_explicit": .itunesExplicit,
        "media_group": .mediaGroup, "media_rating": .mediaRating, "media_credit": .mediaCredit,
        "media_restriction": .mediaRestriction, "media_license": .mediaLicense, "media_content": .mediaContent,
        "media_thumbnail": .mediaThumbnail, "media_player": .mediaPlayer, "media_keywords": .mediaKeywords,
        "tags": .tags,
    ]

    /// Elements with their own end handling; the others just end their text.
    var hasEndHandler: Bool {
        switch self {
        case .rss, .cloud, .enclosure, .mediaGroup, .mediaContent, .itunesImage: false
        default: true
        }
    }

    /// Whether the element has its own start handling (otherwise it collects text like any element).
    var hasStartHandler: Bool {
        switch self {
        case .itunesKeywords, .itunesBlock, .itunesExplicit, .mediaKeywords: false
        default: true
        }
    }

    /// Keys whose text is a URL (resolved against the base).
    static func canBeRelativeURI(_ key: String) -> Bool {
        relativeURIKeys.contains(key)
    }

    /// Keys whose text may be HTML (relative links resolved, markup sanitized).
    static func canContainMarkup(_ key: String) -> Bool {
        markupKeys.contains(key)
    }

    // NameSets: asked for every field's text, where a `switch` compares the key string by string.
    private static let relativeURIKeys = NameSet([
        "comments", "docs", "href", "icon", "id", "link", "logo", "url", "wfw_comment", "wfw_commentrss",
    ])
    private static let markupKeys = NameSet([
        "content", "copyright", "description", "info", "rights", "subtitle", "summary", "tagline", "title",
    ])
}
