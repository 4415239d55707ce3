/// The web app manifest, so "Add to Home Screen" installs Broadsheet with its name,
/// colours and icons. Icon URLs carry their version so a new icon replaces a cached one.
enum WebManifest {
    static let themeColor = "#faf8f4"
    static let backgroundColor = "#faf8f4"

    static var json: String {
        func icon(_ asset: StaticAsset, sizes: String, purpose: String) -> String {
            #"{"src":"\#(asset.versionedPath)","sizes":"\#(sizes)","type":"\#(asset.contentType)","purpose":"\#(purpose)"}"#
        }
        let icons = [
            icon(StaticAssets.icon192, sizes: "192x192", purpose: "any"),
            icon(StaticAssets.icon512, sizes: "512x512", purpose: "any"),
            icon(StaticAssets.maskableIcon512, sizes: "512x512", purpose: "maskable"),
            icon(StaticAssets.iconSVG, sizes: "any", purpose: "any"),
            icon(StaticAssets.maskableIconSVG, sizes: "any", purpose: "maskable"),
        ].joined(separator: ",")
        return #"""
        {"name":"Broadsheet","short_name":"Broadsheet","description":"Your news, from the feeds you choose, on your own machine.","id":"/","start_url":"/?launch=1","scope":"/","display":"standalone","theme_color":"\#(themeColor)","background_color":"\#(backgroundColor)","icons":[\#(icons)]}
        """#
    }
}
