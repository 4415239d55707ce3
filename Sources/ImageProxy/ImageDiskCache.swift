import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Images the proxy fetched, kept on disk under a size cap: one file per image, named by the
/// SHA-256 of its address with its kind as extension (`<hex>.jpeg`), written to a temporary
/// file and renamed, so a crash never leaves half an image under a real name. The index of
/// what is there (sizes, last use) lives in memory, read from the directory at start; when
/// the total passes the cap, the least recently used images go until it is under 90 % of it.
///
/// Several processes may share the directory: each keeps its own index, a file another one
/// removed is a miss (fetched again), and the cap holds per process.
public actor ImageDiskCache {
    public let directory: URL
    public let capacityBytes: Int
    private var entries: [String: Entry] = [:]
    private var totalBytes = 0
    private var clock = 0

    private struct Entry {
        var kind: ImageKind
        var size: Int
        /// A counter, larger for more recent use (the files' dates seed it at start).
        var lastUse: Int
    }

    /// Opens (and creates) the cache in `directory`; throws when it cannot be created.
    public init(directory: URL, capacityBytes: Int) throws {
        self.directory = directory
        self.capacityBytes = max(0, capacityBytes)
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = (try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])) ?? []
        var found: [(key: String, entry: Entry, date: Date)] = []
        for file in files {
            let name = file.lastPathComponent
            let parts = name.split(separator: ".")
            guard parts.count == 2, parts[0].utf8.count == 64, let kind = ImageKind(rawValue: String(parts[1])) else {
                // A temporary file left by a crash, or something that is not ours to keep.
                if name.contains(".tmp-") { try? manager.removeItem(at: file) }
                continue
            }
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            found.append((String(parts[0]), Entry(kind: kind, size: values?.fileSize ?? 0, lastUse: 0), values?.contentModificationDate ?? .distantPast))
        }
        for (order, item) in found.sorted(by: { $0.date < $1.date }).enumerated() {
            var entry = item.entry
            entry.lastUse = order
            entries[item.key] = entry
            totalBytes += entry.size
        }
        clock = found.count
    }

    /// The cache's key for an address.
    public static func key(for url: String) -> String {
        SHA256.hash(data: Array(url.utf8)).map { byte in
            let hex = Array("0123456789abcdef".utf8)
            return String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }

    /// The image kept for `url`, or nil.
    public func image(for url: String) -> (bytes: [UInt8], kind: ImageKind)? {
        let key = Self.key(for: url)
        guard var entry = entries[key] else { return nil }
        guard let data = FileManager.default.contents(atPath: fileURL(key, entry.kind).path) else {
            // Removed behind our back (another process, a person): forget it.
            entries[key] = nil
            totalBytes -= entry.size
            return nil
        }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return (Array(data), entry.kind)
    }

    /// Keeps `bytes` for `url`; an image larger than the whole cap is not kept.
    public func store(_ bytes: [UInt8], kind: ImageKind, for url: String) {
        guard bytes.count <= capacityBytes else { return }
        let key = Self.key(for: url)
        let target = fileURL(key, kind)
        let temporary = directory.appendingPathComponent("\(key).tmp-\(UInt32.random(in: .min ... .max))")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        // rename(2) replaces the target in one step: a reader sees the old image or the new one.
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        if let previous = entries[key] {
            totalBytes -= previous.size
            if previous.kind != kind { try? FileManager.default.removeItem(at: fileURL(key, previous.kind)) }
        }
        clock += 1
        entries[key] = Entry(kind: kind, size: bytes.count, lastUse: clock)
        totalBytes += bytes.count
        if totalBytes > capacityBytes { evict() }
    }

    /// The bytes kept now, and how many images.
    public var usage: (bytes: Int, images: Int) { (totalBytes, entries.count) }

    private func evict() {
        let target = capacityBytes / 10 * 9
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard totalBytes > target else { break }
            try? FileManager.default.removeItem(at: fileURL(key, entry.kind))
            entries[key] = nil
            totalBytes -= entry.size
        }
    }

    private func fileURL(_ key: String, _ kind: ImageKind) -> URL {
        directory.appendingPathComponent("\(key).\(kind.rawValue)")
    }
}
