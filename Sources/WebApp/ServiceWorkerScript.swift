/// The service worker at `/sw.js`: pages a person opened stay readable without a network
/// (on a train, in a tunnel). Pages are fetched network first, so nothing shown online is
/// stale; the copy is the fallback, and says it is one (a note at the top of the page, with
/// when it was saved). Versioned assets are served from the cache. Images served through
/// the image proxy (`/images/…`, whose paths never change meaning) are kept too, and an
/// article's copy fetches all of its images at once, so it reads whole offline even where
/// the person never scrolled. The JSON API, other origins and anything but GET are never
/// touched.
enum ServiceWorkerScript {
    /// Pages kept for offline reading; the oldest go first.
    static let pageLimit = 200
    /// Images kept for offline reading; the oldest go first.
    static let imageLimit = 1_500
    /// At most this many images of one article are fetched ahead for its copy.
    static let imagesPerArticle = 60

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
var IMAGE_CACHE = "broadsheet-images";
var IMAGE_LIMIT = \#(imageLimit);
var IMAGES_PER_ARTICLE = \#(imagesPerArticle);

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
    event.respondWith(networkFirst(event, request, url));
  } else if (/^\/(static|icons|demo\/images)\//.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (/^\/images\//.test(url.pathname)) {
    event.respondWith(keptImage(request));
  }
});

function networkFirst(event, request, url) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      var saving = caches.open(PAGE_CACHE).then(function (cache) {
        return cache.put(request, copy).then(function () { return trim(cache, PAGE_LIMIT); });
      });
      if (/^\/articles\/\d+$/.test(url.pathname)) {
        var text = response.clone();
        saving = saving.then(function () { return text.text(); }).then(keepImagesOf);
      }
      event.waitUntil(saving.catch(function () {}));
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (cached) {
      return cached ? markedAsSavedCopy(cached) : caches.match(OFFLINE_PAGE);
    });
  });
}

// The copy says it is one: a note at the top of the page, with when it was saved.
function markedAsSavedCopy(response) {
  var saved = new Date(response.headers.get("date") || "");
  return response.text().then(function (html) {
    var when = isNaN(saved.getTime()) ? "" : " on " + saved.toLocaleString().replace(/[&<>"]/g, "");
    var note = '<p class="notice offline-copy" role="status"><strong>You are offline.</strong> ' +
      "This is the copy saved on this device" + when + "; it may be out of date.</p>";
    var headers = new Headers(response.headers);
    ["content-length", "content-encoding", "etag"].forEach(function (name) { headers.delete(name); });
    return new Response(html.replace(/(<main\b[^>]*>)/, "$1" + note),
      { status: response.status, statusText: response.statusText, headers: headers });
  });
}

// An article's images, fetched into the image cache as soon as the article is saved.
function keepImagesOf(html) {
  var pattern = /(?:src|poster|background)="(\/images\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)"/g;
  var paths = [];
  var match;
  while ((match = pattern.exec(html)) && paths.length < IMAGES_PER_ARTICLE) {
    if (paths.indexOf(match[1]) < 0) { paths.push(match[1]); }
  }
  return caches.open(IMAGE_CACHE).then(function (cache) {
    return Promise.all(paths.map(function (path) {
      return cache.match(path).then(function (kept) {
        return kept || fetch(path, { credentials: "same-origin" }).then(function (response) {
          if (response.ok) { return cache.put(path, response); }
        }, function () {});
      });
    })).then(function () { return trim(cache, IMAGE_LIMIT); });
  });
}

function keptImage(request) {
  return caches.open(IMAGE_CACHE).then(function (cache) {
    return cache.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") {
          cache.put(request, response.clone()).then(function () { return trim(cache, IMAGE_LIMIT); });
        }
        return response;
      });
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

function trim(cache, limit) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - limit;
    return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (key) { return cache.delete(key); }));
  });
}
"""#
    }
}
