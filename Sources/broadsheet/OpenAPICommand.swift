import ArgumentParser
import WebApp

struct OpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Print the API's OpenAPI 3.1 document (what `serve` answers at /openapi.json).",
        discussion: "Generate a client from it, or check a server with a tool such as schemathesis."
    )

    func run() {
        print(OpenAPIDocument.json)
    }
}
