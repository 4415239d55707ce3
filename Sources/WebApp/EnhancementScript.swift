/// Optional progressive enhancement; every page works without it. It adds `j`/`k`
/// keyboard navigation through article lists and a confirmation before removing the demo.
enum EnhancementScript {
    static let source = #"""
"use strict";
(function () {
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
