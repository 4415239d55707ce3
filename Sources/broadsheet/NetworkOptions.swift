import ArgumentParser
import Fetching

/// Options for commands that fetch from the web.
struct NetworkOptions: ParsableArguments {
    @Flag(help: "Allow fetching from loopback and private network addresses (a feed on your own network). Off by default to keep feeds from probing your network.")
    var allowPrivateAddresses = false

    var fetchConfiguration: FetchConfiguration {
        FetchConfiguration(allowsPrivateAddresses: allowPrivateAddresses)
    }

    /// A fetcher whose connections are closed when the command ends (`ClosedWhenCommandEnds`),
    /// with the library, also when the command fails.
    func openFetcher() async -> HTTPFetcher {
        let fetcher = HTTPFetcher(configuration: fetchConfiguration)
        await ClosedWhenCommandEnds.shared.add(fetcher)
        return fetcher
    }
}
