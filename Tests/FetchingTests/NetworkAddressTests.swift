import Testing
@testable import Fetching

struct NetworkAddressTests {
    @Test(arguments: [
        "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
        "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "192.0.2.10", "198.51.100.1", "203.0.113.5",
        "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
        "64:ff9b::a00:1", "2002:a00:1::1", "2001:db8::1", "[::1]", "fe80::1%eth0",
    ])
    func refusesInternalAddresses(_ text: String) throws {
        let address = try #require(NetworkAddress(text))
        #expect(!address.isPublic)
    }

    @Test(arguments: ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:93.184.216.34", "2002:5db8:d822::1"])
    func acceptsPublicAddresses(_ text: String) throws {
        let address = try #require(NetworkAddress(text))
        #expect(address.isPublic)
    }

    @Test func rejectsNonAddresses() {
        #expect(NetworkAddress("example.org") == nil)
        #expect(NetworkAddress("300.1.1.1") == nil)
        #expect(NetworkAddress("") == nil)
    }

    @Test func printsAddresses() throws {
        #expect(try #require(NetworkAddress("10.0.0.1")).description == "10.0.0.1")
        #expect(try #require(NetworkAddress("::1")).description == "0:0:0:0:0:0:0:1")
    }
}
