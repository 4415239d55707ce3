/// Optional progressive enhancement; every page works without it. It adds `j`/`k`
/// keyboard navigation through article lists, a confirmation before removing the demo,
/// stand-ins for images that fail to load, and the offline copy of pages
/// (`ServiceWorkerScript`).
enum EnhancementScript {
    static let source = #"""
"use strict";
(function () {
  // An image that cannot load (gone, offline) gives way: a source's icon to its monogram,
  // an article's picture in a list to the placeholder, a lead image to nothing.
  function replaceBrokenImage(image) {
    var art = image.closest(".tile-art.has-icon");
    if (art) {
      art.classList.remove("has-icon");
      image.remove();
    } else if (image.classList.contains("row-image")) {
      var placeholder = document.querySelector("template#row-image-placeholder");
      if (placeholder) { image.replaceWith(placeholder.content.cloneNode(true)); } else { image.remove(); }
    } else if (image.closest(".lead-image")) {
      image.closest(".lead-image").remove();
    }
  }
  // Image errors do not bubble: listen in the capture phase, and look at the images that
  // failed before this script ran.
  document.addEventListener("error", function (event) {
    if (event.target instanceof HTMLImageElement) { replaceBrokenImage(event.target); }
  }, true);
  Array.prototype.forEach.call(document.querySelectorAll(".tile-art.has-icon img, img.row-image, .lead-image img"), function (image) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) { replaceBrokenImage(image); }
  });
  // Pages opened once stay readable offline (browsers allow workers on https and localhost).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && form.hasAttribute("data-confirm")) {
      if (!window.confirm(form.getAttribute("data-confirm"))) { event.preventDefault(); }
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) { return; }
    var links = Array.prototype.slice.call(document.querySelectorAll(".article-row > a"));
    if (links.length === 0) { return; }
    var current = links.indexOf(document.activeElement);
    if (event.key === "j") { links[Math.min(current + 1, links.length - 1)].focus(); event.preventDefault(); }
    if (event.key === "k") { links[Math.max(current - 1, 0)].focus(); event.preventDefault(); }
  });
})();
"""#
}
