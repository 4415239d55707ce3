/// What the service worker shows for a page it has no copy of while the network is gone.
enum OfflinePage {
    static func render() -> HTML {
        PageLayout.document(
            title: "Offline", bodyClass: "page-error",
            content: """
            <section class="error-page">
            <p class="subtle">No connection</p>
            <h1>You are offline</h1>
            <p>This page was not opened before, so there is no copy of it here. The sources and \
            articles you opened while online can still be read; this page loads once the \
            connection is back.</p>
            <p><a class="button" href="/">All sources</a></p>
            </section>
            """
        )
    }
}
