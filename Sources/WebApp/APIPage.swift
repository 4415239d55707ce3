/// `/api`: how an app talks to this server. The API itself answers JSON only, so a person
/// following the masthead's "API" link lands here instead of on a 401.
enum APIPage {
    static func render(baseURL: String, requestsPerMinute: Int?) -> HTML {
        let allowance: HTML = requestsPerMinute.map { limit in
            "<p>Each key may make \(String(limit)) requests a minute; past that the answer is <code>429 rateLimited</code> with a <code>Retry-After</code> header saying how many seconds to wait.</p>"
        } ?? .empty
        return PageLayout.document(
            title: "API", bodyClass: "page-api",
            content: """
            <section class="api-page">
            <h1>The JSON API</h1>
            <p>Apps written for NewsAPI work with Broadsheet unchanged: point them at <code>\(baseURL)</code> \
            instead of <code>https://newsapi.org</code>. The answers have NewsAPI's shape and error codes, \
            and come from the sources this server follows.</p>
            <h2>A key</h2>
            <p>Every request needs a key (only <code>/v1/sources</code> answers without one, as it always did). Whoever runs this server creates one with</p>
            <pre tabindex="0"><code>broadsheet keys create --name my-app</code></pre>
            <p>and an app sends it as the <code>X-Api-Key</code> header, as <code>Authorization: Bearer KEY</code>, \
            or as the <code>apiKey</code> parameter. <code>broadsheet keys list</code>, <code>keys disable</code> \
            and <code>keys enable</code> manage keys.</p>
            \(allowance)
            <h2>Endpoints</h2>
            <dl class="api-endpoints">
            <dt><code>GET /v2/top-headlines</code></dt>
            <dd>The newest articles. <code>country</code>, <code>category</code>, <code>language</code>, <code>sources</code> (not with <code>country</code> or <code>category</code>), <code>q</code>, <code>qInTitle</code>, <code>pageSize</code> (up to 100), <code>page</code>.</dd>
            <dt><code>GET /v2/everything</code></dt>
            <dd>Search every stored article. <code>q</code> (words, <code>"phrases"</code>, <code>+must</code>, <code>-not</code>, <code>AND</code>/<code>OR</code>/<code>NOT</code>), <code>qInTitle</code> (the same, in titles only), <code>searchIn</code>, <code>sources</code>, <code>domains</code>, <code>excludeDomains</code>, <code>from</code>, <code>to</code>, <code>language</code>, <code>sortBy</code> (<code>publishedAt</code>, <code>relevancy</code>, <code>popularity</code>), <code>pageSize</code>, <code>page</code>.</dd>
            <dt><code>GET /v2/top-headlines/sources</code></dt>
            <dd>The sources, with <code>category</code>, <code>language</code> and <code>country</code> filters. Each has all three: what the server's owner set, else what Broadsheet worked out from its feed, else the server's defaults.</dd>
            <dt><code>GET /v1/sources</code>, <code>GET /v1/articles?source=ID</code></dt>
            <dd>The first NewsAPI version, for old apps.</dd>
            </dl>
            <p>The whole contract, as an OpenAPI 3.1 document for client generators and testing tools: <a href="/openapi.json"><code>/openapi.json</code></a>.</p>
            <h2>Try it</h2>
            <pre tabindex="0"><code>curl -H "X-Api-Key: $KEY" "\(baseURL)/v2/top-headlines?pageSize=5"</code></pre>
            </section>
            """
        )
    }
}
