// The allowlists of the HTML sanitizer: which elements, attributes, CSS properties and
// keywords survive in feed content. Names as in feedparser's sanitizer (facts: lists of
// names), so content sanitized here matches what feed readers built on it show.

extension HTMLSanitizer {
    /// Elements kept with their safe attributes. Unlike feedparser's list, no `<form>`: an
    /// article shown inside Broadsheet's page must not be able to submit anything to it (its
    /// controls stay, inert without a form, and lose the attributes that would tie them to one).
    public static let acceptableElements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big", "blockquote",
        "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "command",
        "datagrid", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em",
        "event-source", "fieldset", "figcaption", "figure", "font", "footer", "h1", "h2", "h3", "h4",
        "h5", "h6", "header", "hr", "i", "img", "input", "ins", "kbd", "keygen", "label", "legend", "li",
        "m", "map", "menu", "meter", "multicol", "nav", "nextid", "noscript", "ol", "optgroup", "option",
        "output", "p", "pre", "progress", "q", "s", "samp", "section", "select", "small", "sound", "source",
        "spacer", "span", "strike", "strong", "sub", "sup", "table", "tbody", "td", "textarea", "tfoot",
        "th", "thead", "time", "tr", "tt", "u", "ul", "var", "video",
    ]

    /// Attributes kept on acceptable elements (`style` is cleaned, URLs are checked). Unlike
    /// feedparser's list: no `action`, `method`, `enctype` or `form` (nothing submits) and no
    /// `ping` (a click would send a request of its own).
    public static let acceptableAttributes: Set<String> = [
        "abbr", "accept", "accept-charset", "accesskey", "align", "alt", "autocomplete",
        "autofocus", "axis", "background", "balance", "bgcolor", "bgproperties", "border", "bordercolor",
        "bordercolordark", "bordercolorlight", "bottompadding", "cellpadding", "cellspacing", "ch",
        "challenge", "char", "charoff", "charset", "checked", "choff", "cite", "class", "clear", "color",
        "cols", "colspan", "compact", "contenteditable", "controls", "coords", "data", "datafld",
        "datapagesize", "datasrc", "datetime", "default", "delay", "dir", "disabled", "draggable", "dynsrc",
        "end", "face", "for", "frame", "galleryimg", "gutter", "headers", "height",
        "hidden", "hidefocus", "high", "href", "hreflang", "hspace", "icon", "id", "inputmode", "ismap",
        "keytype", "label", "lang", "leftspacing", "list", "longdesc", "loop", "loopcount", "loopend",
        "loopstart", "low", "lowsrc", "max", "maxlength", "media", "min", "multiple", "name",
        "nohref", "noshade", "nowrap", "open", "optimum", "pattern", "point-size", "poster", "pqg",
        "preload", "prompt", "radiogroup", "readonly", "rel", "repeat-max", "repeat-min", "replace",
        "required", "rev", "rightspacing", "rows", "rowspan", "rules", "scope", "selected", "shape", "size",
        "span", "src", "start", "step", "style", "summary", "suppress", "tabindex", "target", "template",
        "title", "toppadding", "type", "unselectable", "urn", "usemap", "valign", "value", "variable",
        "volume", "vrml", "vspace", "width", "wrap", "xml:lang",
    ]

    /// Elements removed together with everything inside them.
    public static let elementsDroppedWithContent: Set<String> = [
        "applet", "script", "style",
    ]

    /// CSS properties kept in `style` attributes.
    public static let acceptableCSSProperties: Set<String> = [
        "azimuth", "background-color", "border-bottom-color", "border-collapse", "border-color",
        "border-left-color", "border-right-color", "border-top-color", "clear", "color", "cursor",
        "direction", "display", "elevation", "float", "font", "font-family", "font-size", "font-style",
        "font-variant", "font-weight", "height", "letter-spacing", "line-height", "overflow", "pause",
        "pause-after", "pause-before", "pitch", "pitch-range", "richness", "speak", "speak-header",
        "speak-numeral", "speak-punctuation", "speech-rate", "stress", "text-align", "text-decoration",
        "text-indent", "unicode-bidi", "vertical-align", "voice-family", "volume", "white-space", "width",
    ]

    /// Keywords accepted in `background`, `border`, `margin` and `padding` values.
    public static let acceptableCSSKeywords: Set<String> = [
        "!important", "aqua", "auto", "black", "block", "blue", "bold", "both", "bottom", "brown", "center",
        "collapse", "dashed", "dotted", "fuchsia", "gray", "green", "italic", "left", "lime", "maroon",
        "medium", "navy", "none", "normal", "nowrap", "olive", "pointer", "purple", "red", "right", "silver",
        "solid", "teal", "top", "transparent", "underline", "white", "yellow",
    ]

    /// MathML elements kept inside `<math>`.
    public static let mathMLElements: Set<String> = [
        "annotation", "annotation-xml", "maction", "maligngroup", "malignmark", "math", "menclose", "merror",
        "mfenced", "mfrac", "mglyph", "mi", "mlabeledtr", "mlongdiv", "mmultiscripts", "mn", "mo", "mover",
        "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mscarries", "mscarry", "msgroup",
        "msline", "mspace", "msqrt", "msrow", "mstack", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd",
        "mtext", "mtr", "munder", "munderover", "none", "semantics",
    ]

    /// Attributes kept on MathML elements.
    public static let mathMLAttributes: Set<String> = [
        "accent", "accentunder", "actiontype", "align", "alignmentscope", "altimg", "altimg-height",
        "altimg-valign", "altimg-width", "alttext", "bevelled", "charalign", "close", "columnalign",
        "columnlines", "columnspacing", "columnspan", "columnwidth", "crossout", "decimalpoint",
        "denomalign", "depth", "dir", "display", "displaystyle", "edge", "encoding", "equalcolumns",
        "equalrows", "fence", "fontstyle", "fontweight", "form", "frame", "framespacing", "groupalign",
        "height", "href", "id", "indentalign", "indentalignfirst", "indentalignlast", "indentshift",
        "indentshiftfirst", "indentshiftlast", "indenttarget", "infixlinebreakstyle", "largeop", "length",
        "linebreak", "linebreakmultchar", "linebreakstyle", "lineleading", "linethickness", "location",
        "longdivstyle", "lquote", "lspace", "mathbackground", "mathcolor", "mathsize", "mathvariant",
        "maxsize", "minlabelspacing", "minsize", "movablelimits", "notation", "numalign", "open", "other",
        "overflow", "position", "rowalign", "rowlines", "rowspacing", "rowspan", "rquote", "rspace",
        "scriptlevel", "scriptminsize", "scriptsizemultiplier", "selection", "separator", "separators",
        "shift", "side", "src", "stackalign", "stretchy", "subscriptshift", "superscriptshift", "symmetric",
        "voffset", "width", "xlink:href", "xlink:show", "xlink:type", "xmlns", "xmlns:xlink",
    ]

    /// SVG elements kept inside `<svg>` (names in their SVG case).
    public static let svgElements: Set<String> = [
        "a", "animate", "animateColor", "animateMotion", "animateTransform", "circle", "defs", "desc",
        "ellipse", "font-face", "font-face-name", "font-face-src", "foreignObject", "g", "glyph", "hkern",
        "line", "linearGradient", "marker", "metadata", "missing-glyph", "mpath", "path", "polygon",
        "polyline", "radialGradient", "rect", "set", "stop", "svg", "switch", "text", "title", "tspan",
        "use",
    ]

    /// SVG elements that set an attribute of their parent over time (lower-cased).
    public static let svgAnimationElements: Set<String> = ["animate", "animatecolor", "animatemotion", "animatetransform", "set"]

    /// Attributes kept on SVG elements (names in their SVG case).
    public static let svgAttributes: Set<String> = [
        "accent-height", "accumulate", "additive", "alphabetic", "arabic-form", "ascent", "attributeName",
        "attributeType", "baseProfile", "bbox", "begin", "by", "calcMode", "cap-height", "class", "color",
        "color-rendering", "content", "cx", "cy", "d", "descent", "display", "dur", "dx", "dy", "end",
        "fill", "fill-opacity", "fill-rule", "font-family", "font-size", "font-stretch", "font-style",
        "font-variant", "font-weight", "from", "fx", "fy", "g1", "g2", "glyph-name", "gradientUnits",
        "hanging", "height", "horiz-adv-x", "horiz-origin-x", "id", "ideographic", "k", "keyPoints",
        "keySplines", "keyTimes", "lang", "marker-end", "marker-mid", "marker-start", "markerHeight",
        "markerUnits", "markerWidth", "mathematical", "max", "min", "name", "offset", "opacity", "orient",
        "origin", "overline-position", "overline-thickness", "panose-1", "path", "pathLength", "points",
        "preserveAspectRatio", "r", "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions",
        "requiredFeatures", "restart", "rotate", "rx", "ry", "slope", "stemh", "stemv", "stop-color",
        "stop-opacity", "strikethrough-position", "strikethrough-thickness", "stroke", "stroke-dasharray",
        "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-opacity",
        "stroke-width", "systemLanguage", "target", "text-anchor", "to", "transform", "type", "u1", "u2",
        "underline-position", "underline-thickness", "unicode", "unicode-range", "units-per-em", "values",
        "version", "viewBox", "visibility", "width", "widths", "x", "x-height", "x1", "x2", "xlink:actuate",
        "xlink:arcrole", "xlink:href", "xlink:role", "xlink:show", "xlink:title", "xlink:type", "xml:base",
        "xml:lang", "xml:space", "xmlns", "xmlns:xlink", "y", "y1", "y2", "zoomAndPan",
    ]

    /// CSS properties kept in `style` on SVG elements.
    public static let acceptableSVGProperties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-linecap", "stroke-linejoin", "stroke-opacity",
        "stroke-width",
    ]

    /// Elements that have no end tag.
    public static let voidElements: Set<String> = [
        "area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input",
        "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// (element, attribute) pairs whose value is a URL resolved against the base.
    public static let urlAttributes: Set<String> = [
        "a href",
        "applet codebase",
        "area href",
        "audio src",
        "blockquote cite",
        "body background",
        "del cite",
        "form action",
        "frame longdesc",
        "frame src",
        "head profile",
        "iframe longdesc",
        "iframe src",
        "img longdesc",
        "img src",
        "img usemap",
        "input src",
        "input usemap",
        "ins cite",
        "link href",
        "object classid",
        "object codebase",
        "object data",
        "object usemap",
        "q cite",
        "script src",
        "source src",
        "video poster",
        "video src",
    ]

    /// The named references of HTML 4 (what counts as an HTML entity when guessing whether text is HTML).
    public static let html4EntityNames: Set<String> = [
        "AElig", "Aacute", "Acirc", "Agrave", "Alpha", "Aring", "Atilde", "Auml", "Beta", "Ccedil", "Chi",
        "Dagger", "Delta", "ETH", "Eacute", "Ecirc", "Egrave", "Epsilon", "Eta", "Euml", "Gamma", "Iacute",
        "Icirc", "Igrave", "Iota", "Iuml", "Kappa", "Lambda", "Mu", "Ntilde", "Nu", "OElig", "Oacute",
        "Ocirc", "Ograve", "Omega", "Omicron", "Oslash", "Otilde", "Ouml", "Phi", "Pi", "Prime", "Psi",
        "Rho", "Scaron", "Sigma", "THORN", "Tau", "Theta", "Uacute", "Ucirc", "Ugrave", "Upsilon", "Uuml",
        "Xi", "Yacute", "Yuml", "Zeta", "aacute", "acirc", "acute", "aelig", "agrave", "alefsym", "alpha",
        "amp", "and", "ang", "aring", "asymp", "atilde", "auml", "bdquo", "beta", "brvbar", "bull", "cap",
        "ccedil", "cedil", "cent", "chi", "circ", "clubs", "cong", "copy", "crarr", "cup", "curren", "dArr",
        "dagger", "darr", "deg", "delta", "diams", "divide", "eacute", "ecirc", "egrave", "empty", "emsp",
        "ensp", "epsilon", "equiv", "eta", "eth", "euml", "euro", "exist", "fnof", "forall", "frac12",
        "frac14", "frac34", "frasl", "gamma", "ge", "gt", "hArr", "harr", "hearts", "hellip", "iacute",
        "icirc", "iexcl", "igrave", "image", "infin", "int", "iota", "iquest", "isin", "iuml", "kappa",
        "lArr", "lambda", "lang", "laquo", "larr", "lceil", "ldquo", "le", "lfloor", "lowast", "loz", "lrm",
        "lsaquo", "lsquo", "lt", "macr", "mdash", "micro", "middot", "minus", "mu", "nabla", "nbsp", "ndash",
        "ne", "ni", "not", "notin", "nsub", "ntilde", "nu", "oacute", "ocirc", "oelig", "ograve", "oline",
        "omega", "omicron", "oplus", "or", "ordf", "ordm", "oslash", "otilde", "otimes", "ouml", "para",
        "part", "permil", "perp", "phi", "pi", "piv", "plusmn", "pound", "prime", "prod", "prop", "psi",
        "quot", "rArr", "radic", "rang", "raquo", "rarr", "rceil", "rdquo", "real", "reg", "rfloor", "rho",
        "rlm", "rsaquo", "rsquo", "sbquo", "scaron", "sdot", "sect", "shy", "sigma", "sigmaf", "sim",
        "spades", "sub", "sube", "sum", "sup", "sup1", "sup2", "sup3", "supe", "szlig", "tau", "there4",
        "theta", "thetasym", "thinsp", "thorn", "tilde", "times", "trade", "uArr", "uacute", "uarr", "ucirc",
        "ugrave", "uml", "upsih", "upsilon", "uuml", "weierp", "xi", "yacute", "yen", "yuml", "zeta", "zwj",
        "zwnj",
    ]

}
