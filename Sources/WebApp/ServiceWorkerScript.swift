/// The service worker at `/sw.js`: pages a person opened stay readable without a network
/// (on a train, in a tunnel). Pages are fetched network first, so nothing shown online is
/// stale; the copy is the fallback. Versioned assets are served from the cache. The JSON
/// API, other origins and anything but GET are never touched.
enum ServiceWorkerScript {
    /// Pages kept for offline reading; the oldest go first.
    static let pageLimit = 200

    /// The script, naming the current assets: when one changes, the script's bytes change,
    /// and browsers install the new worker, which drops the old assets.
    static func source(assetPaths: [String], offlinePath: String) -> String {
        let assets = assetPaths.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"""
"use strict";
var ASSET_CACHE = "broadsheet-assets-\#(StaticAsset.fingerprint(Array(assetPaths.joined().utf8)))";
var PAGE_CACHE = "broadsheet-pages";
var OFFLINE_PAGE = "\#(offlinePath)";
var ASSETS = [\#(assets)];
var PAGE_LIMIT = \#(pageLimit);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSET_CACHE)
    .then(function (cache) { return cache.addAll(ASSETS.concat([OFFLINE_PAGE])); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys()
    .then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("broadsheet-assets-") === 0 && name !== ASSET_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    })
    .then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  // API answers depend on the caller's key: never kept.
  if (/^\/v[12](\/|$)/.test(url.pathname)) { return; }
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  } else if (/^\/(static|icons|demo\/images)\//.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(PAGE_CACHE).then(function (cache) {
        return cache.put(request, copy).then(function () { return trim(cache); });
      });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (cached) {
      return cached || caches.match(OFFLINE_PAGE);
    });
  });
}

function cacheFirst(request) {
  return caches.match(request).then(function (cached) {
    return cached || fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        caches.open(ASSET_CACHE).then(function (cache) { return cache.put(request, copy); });
      }
      return response;
    });
  });
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - PAGE_LIMIT;
    return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (key) { return cache.delete(key); }));
  });
}
"""#
    }
}
