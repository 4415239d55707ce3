/// Something that can GET a URL politely and safely. The real one is `HTTPFetcher`;
/// tests use fixtures.
public protocol HTTPFetching: Sendable {
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}
