import SyncSupport
import Testing

struct SyncPathTests {
    @Test(arguments: [
        ("/reader/api/0/token", "/reader/api/0/token"),
        ("//accounts/ClientLogin", "/accounts/ClientLogin"),
        ("/api/greader.php///reader/api/0/tag/list", "/api/greader.php/reader/api/0/tag/list"),
        ("/a/b//", "/a/b/"),
        ("/articles/12", "/articles/12"),
        ("", ""),
    ])
    func runsOfSlashesBecomeOne(path: String, expected: String) {
        #expect(SyncPath.normalized(path) == expected)
    }
}
