import NewsModel

/// The words feeds use for their categories (RSS `category`, iTunes categories, tags), in
/// the languages Broadsheet detects, and the NewsAPI category each stands for. A feed's
/// category term is read word by word: "Health & Fitness" is health, "TV & Film"
/// entertainment, "Politik" general. Words that name none (most tags) are ignored.
enum CategoryVocabulary {
    static let words: [String: NewsModel.Category] = {
        let lists: [(NewsModel.Category, [String])] = [
            (.business, [
                "business", "businesses", "economy", "economics", "economic", "finance", "financial", "finances", "markets",
                "market", "money", "companies", "company", "industry", "banking", "banks", "stocks", "investing", "investment",
                "trade", "startups", "startup", "entrepreneurship", "careers", "jobs", "retail", "earnings",
                "wirtschaft", "finanzen", "börse", "unternehmen", "geld", "handel",
                "économie", "finance", "entreprises", "bourse", "argent",
                "economía", "negocios", "empresas", "finanzas", "mercados", "dinero",
                "economia", "finanza", "affari", "imprese", "mercati",
                "negócios", "finanças", "mercado", "dinheiro",
                "economie", "financiën", "bedrijven", "geldzaken",
                "ekonomi", "näringsliv", "økonomi", "næringsliv", "privatøkonomi",
                "экономика", "бизнес", "финансы", "рынки",
                "اقتصاد", "أعمال", "مال", "כלכלה", "עסקים", "معیشت", "کاروبار",
                "经济", "财经", "商业", "金融",
            ]),
            (.entertainment, [
                "entertainment", "movies", "movie", "film", "films", "cinema", "tv", "television", "music", "celebrity",
                "celebrities", "showbiz", "arts", "art", "culture", "comedy", "games", "gaming", "videogames", "books",
                "theatre", "theater", "fashion", "lifestyle", "hollywood", "streaming", "podcasts", "anime",
                "unterhaltung", "kultur", "musik", "kino", "fernsehen", "spiele",
                "divertissement", "cinéma", "musique", "télévision", "jeux", "livres",
                "entretenimiento", "cine", "música", "televisión", "cultura", "espectáculos", "juegos",
                "spettacoli", "spettacolo", "musica", "televisione", "giochi",
                "entretenimento", "televisão", "jogos",
                "vermaak", "muziek", "televisie", "cultuur",
                "nöje", "underhållning", "kultur", "underholdning", "musikk", "film",
                "культура", "кино", "музыка", "развлечения", "шоу",
                "ترفيه", "فن", "ثقافة", "תרבות", "בידור", "فلم", "تفریح",
                "娱乐", "电影", "音乐", "文化",
            ]),
            (.health, [
                "health", "medicine", "medical", "wellness", "wellbeing", "fitness", "nutrition", "diet", "healthcare",
                "disease", "diseases", "coronavirus", "covid", "pandemic", "hospital", "doctors", "psychology",
                "gesundheit", "medizin", "ernährung",
                "santé", "médecine",
                "salud", "medicina", "bienestar",
                "salute", "benessere",
                "saúde",
                "gezondheid", "zorg",
                "hälsa", "helse", "sundhed",
                "здоровье", "медицина",
                "صحة", "طب", "בריאות", "صحت",
                "健康", "医疗", "医学",
            ]),
            (.science, [
                "science", "sciences", "research", "space", "astronomy", "physics", "biology", "chemistry", "environment",
                "climate", "nature", "ecology", "geology", "mathematics", "math", "archaeology", "evolution", "neuroscience",
                "wissenschaft", "forschung", "umwelt", "klima", "raumfahrt",
                "recherche", "espace", "environnement", "climat",
                "ciencia", "ciencias", "investigación", "clima",
                "scienza", "scienze", "ricerca", "ambiente",
                "ciência", "ciências", "pesquisa",
                "wetenschap", "onderzoek", "milieu", "klimaat",
                "vetenskap", "forskning", "vitenskap", "videnskab", "miljø", "miljö",
                "наука", "космос", "исследования",
                "علوم", "علم", "מדע", "سائنس",
                "科学", "科技", "研究",
            ]),
            (.sports, [
                "sport", "sports", "football", "soccer", "basketball", "baseball", "tennis", "golf", "cricket", "rugby",
                "hockey", "nfl", "nba", "mlb", "nhl", "formula", "f1", "olympics", "cycling", "athletics", "boxing",
                "motorsport", "racing", "swimming", "ski", "skiing",
                "fußball", "fussball", "bundesliga", "radsport",
                "sportif",
                "deportes", "deporte", "fútbol", "baloncesto",
                "calcio", "sportivo",
                "esporte", "esportes", "desporto", "futebol",
                "voetbal", "wielrennen",
                "idrott", "fotboll", "idrett", "fotball", "fodbold",
                "спорт", "футбол", "хоккей",
                "رياضة", "كرة", "ספורט", "کھیل", "کرکٹ",
                "体育", "足球", "篮球",
            ]),
            (.technology, [
                "technology", "tech", "software", "hardware", "programming", "computers", "computer", "computing", "internet",
                "apple", "android", "ios", "mac", "macos", "iphone", "google", "microsoft", "linux", "ai", "gadgets",
                "mobile", "developer", "developers", "development", "coding", "web", "cybersecurity",
                "privacy", "opensource", "javascript", "python", "swift", "ruby", "rails", "rust", "golang", "java",
                "cloud", "devops", "robotics", "electronics", "crypto", "blockchain", "startups", "gadget",
                "technologie", "technik", "digital", "netzwelt", "informatik",
                "technologie", "numérique", "informatique",
                "tecnología", "tecnologia", "informática", "tecnologías",
                "tecnologia",
                "technologie", "techniek",
                "teknik", "teknologi",
                "технологии", "техника", "интернет",
                "تكنولوجيا", "تقنية", "טכנולוגיה", "ٹیکنالوجی",
                "科技", "技术", "互联网", "数码",
            ]),
            (.general, [
                "news", "politics", "political", "world", "local", "national", "international", "opinion", "headlines",
                "nachrichten", "politik", "welt", "inland", "ausland", "meinung",
                "actualités", "actualité", "politique", "monde", "international",
                "noticias", "política", "mundo", "nacional", "opinión",
                "notizie", "politica", "cronaca", "esteri", "mondo",
                "notícias", "política", "brasil",
                "nieuws", "politiek", "binnenland", "buitenland",
                "nyheter", "politik", "inrikes", "utrikes", "innenriks", "utenriks", "nyheder", "indland", "udland",
                "новости", "политика", "мир", "общество",
                "أخبار", "سياسة", "חדשות", "פוליטיקה", "خبریں", "سیاست",
                "新闻", "政治", "国际",
            ]),
        ]
        var table: [String: NewsModel.Category] = [:]
        for (category, words) in lists {
            // A word listed twice keeps its first, most specific category.
            for word in words where table[word] == nil { table[word] = category }
        }
        return table
    }()

    /// The categories a feed's category term names (none for most tags).
    static func categories(for term: String) -> Set<NewsModel.Category> {
        var found = Set<NewsModel.Category>()
        for word in term.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(8) {
            if let category = words[String(word)] { found.insert(category) }
        }
        return found
    }
}
