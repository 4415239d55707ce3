/// Optional progressive enhancement; every page works without it. It adds the keyboard
/// shortcuts (`?` lists them), a confirmation before removing the demo or a source,
/// stand-ins for images that fail to load, and the offline copy of pages
/// (`ServiceWorkerScript`).
enum EnhancementScript {
    static let source = #"""
"use strict";
(function () {
  // An image that cannot load (gone, refused, offline) gives way: a source's icon to its
  // monogram, an article's picture in a list to nothing (the row takes the whole width), a
  // lead image to nothing, a picture in an article to a small note with its text, or to
  // nothing when it has none (with the figure or link it leaves empty).
  function replaceBrokenImage(image) {
    var art = image.closest(".tile-art.has-icon");
    if (art) {
      art.classList.remove("has-icon");
      image.remove();
    } else if (image.classList.contains("row-image")) {
      var row = image.closest(".article-row");
      (image.closest(".row-image-link") || image).remove();
      if (row) { row.classList.add("no-image"); }
    } else if (image.closest(".lead-image")) {
      image.closest(".lead-image").remove();
    } else if (image.closest(".article-body")) {
      replaceArticleImage(image);
    }
  }
  function replaceArticleImage(image) {
    var text = (image.getAttribute("alt") || image.getAttribute("title") || "").trim();
    var figure = image.closest(".article-body figure");
    if (text) {
      var note = document.createElement("span");
      note.className = "image-missing";
      note.textContent = text;
      image.replaceWith(note);
      return;
    }
    if (figure) { figure.remove(); return; }
    var parent = image.parentElement;
    image.remove();
    // Whatever the picture leaves empty (its link, its paragraph) goes with it.
    while (parent && !parent.classList.contains("article-body") && parent.textContent.trim() === "" &&
           !parent.querySelector("img, video, audio, svg, iframe, .image-missing")) {
      var next = parent.parentElement;
      parent.remove();
      parent = next;
    }
  }
  // Image errors do not bubble: listen in the capture phase, and look at the images that
  // failed before this script ran.
  document.addEventListener("error", function (event) {
    if (event.target instanceof HTMLImageElement) { replaceBrokenImage(event.target); }
  }, true);
  Array.prototype.forEach.call(document.querySelectorAll(".tile-art.has-icon img, img.row-image, .lead-image img, .article-body img"), function (image) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) { replaceBrokenImage(image); }
  });
  // Code and tables wider than the article scroll sideways; a keyboard must reach them to
  // scroll them, so those that do scroll take a place in the tab order (and leave it when
  // the screen is wide enough again).
  function markScrollingBlocks() {
    Array.prototype.forEach.call(document.querySelectorAll(".article-body pre, .article-body table"), function (block) {
      if (block.scrollWidth > block.clientWidth + 1) {
        if (!block.hasAttribute("tabindex")) { block.setAttribute("tabindex", "0"); block.setAttribute("data-scrolls", ""); }
      } else if (block.hasAttribute("data-scrolls")) {
        block.removeAttribute("tabindex");
        block.removeAttribute("data-scrolls");
      }
    });
  }
  markScrollingBlocks();
  var resizing = 0;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(markScrollingBlocks, 200);
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
  // Read and star buttons change in place: the form is sent in the background and the
  // button, its row and its label flip. Without script the form posts and the page reloads.
  var ICONS = {
    read: '\#(Icons.read.rendered)',
    unread: '\#(Icons.unread.rendered)',
    star: '\#(Icons.star.rendered)',
    starred: '\#(Icons.starFilled.rendered)'
  };
  function flip(form) {
    var kind = form.getAttribute("data-toggle");
    var field = form.querySelector(kind === "read" ? 'input[name="read"]' : 'input[name="starred"]');
    var button = form.querySelector("button");
    var nowOn = field.value === "true";
    field.value = nowOn ? "false" : "true";
    var label = kind === "read" ? (nowOn ? "Mark unread" : "Mark read") : (nowOn ? "Unstar" : "Star");
    var icon = kind === "read" ? (nowOn ? ICONS.unread : ICONS.read) : (nowOn ? ICONS.starred : ICONS.star);
    var words = button.querySelector("span");
    button.innerHTML = icon;
    if (words) { words.textContent = label; button.appendChild(words); }
    button.setAttribute("aria-label", label);
    button.setAttribute("title", label);
    if (kind === "star") { button.classList.toggle("is-on", nowOn); }
    var row = form.closest(".article-row");
    if (row) { row.classList.toggle(kind === "read" ? "is-read" : "is-starred", nowOn); }
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-toggle") || !window.fetch) { return; }
    event.preventDefault();
    fetch(form.action, {
      method: "POST", credentials: "same-origin",
      headers: { "X-Broadsheet-Script": "1" },
      body: new URLSearchParams(new FormData(form))
    }).then(function (response) {
      if (response.status === 204) { flip(form); } else { form.submit(); }
    }, function () { form.submit(); });
  });
  // The keyboard layer. Every shortcut stands for something on the page a pointer or a
  // thumb can reach too: an element marked data-shortcut (a link is followed, a form is
  // sent), looked for first in the selected row of a list, then in the whole page.
  var SHORTCUTS = [
    ["j / k", "Next / previous article in the list"],
    ["o or Enter", "Open the selected article"],
    ["n / p", "Next / previous article"],
    ["m", "Mark read or unread"],
    ["s", "Star or unstar"],
    ["v", "Open the original page"],
    ["r", "Refresh"],
    ["/", "Search"],
    ["g then u", "Go to all unread"],
    ["g then s", "Go to starred"],
    ["g then h", "Go home, to the sources"],
    ["?", "Show this list"]
  ];
  var GO_TO = { u: "/unread", s: "/starred", h: "/" };
  var awaitingGo = 0;

  function rows() { return Array.prototype.slice.call(document.querySelectorAll(".article-row")); }
  function selectedRow() {
    var active = document.activeElement;
    return active && active.closest ? active.closest(".article-row") : null;
  }
  function select(row) {
    if (!row) { return; }
    var link = row.querySelector("a.row-link") || row.querySelector("a");
    if (link) { link.focus(); row.scrollIntoView({ block: "nearest" }); }
  }
  function move(step) {
    var list = rows();
    if (list.length === 0) { return false; }
    var index = list.indexOf(selectedRow());
    select(list[index < 0 ? (step > 0 ? 0 : list.length - 1) : Math.max(0, Math.min(list.length - 1, index + step))]);
    return true;
  }
  function act(key) {
    var row = selectedRow();
    var target = (row && row.querySelector('[data-shortcut="' + key + '"]')) || document.querySelector('[data-shortcut="' + key + '"]');
    if (!target) { return false; }
    if (target instanceof HTMLFormElement) {
      if (target.requestSubmit) { target.requestSubmit(); } else { target.submit(); }
    } else if (target.hasAttribute("data-new-tab")) {
      window.open(target.href, "_blank", "noopener,noreferrer");
    } else {
      target.click();
    }
    return true;
  }
  function helpDialog() {
    var dialog = document.getElementById("shortcut-help");
    if (dialog) { return dialog; }
    dialog = document.createElement("dialog");
    dialog.id = "shortcut-help";
    dialog.className = "shortcut-help";
    dialog.setAttribute("aria-labelledby", "shortcut-help-title");
    var title = document.createElement("h2");
    title.id = "shortcut-help-title";
    title.textContent = "Keyboard shortcuts";
    var list = document.createElement("dl");
    SHORTCUTS.forEach(function (entry) {
      var keys = document.createElement("dt");
      entry[0].split(" ").forEach(function (word) {
        if (word === "/" && entry[0] !== "/" || word === "then" || word === "or") {
          keys.appendChild(document.createTextNode(" " + word + " "));
        } else {
          var kbd = document.createElement("kbd");
          kbd.textContent = word;
          keys.appendChild(kbd);
        }
      });
      var what = document.createElement("dd");
      what.textContent = entry[1];
      list.appendChild(keys);
      list.appendChild(what);
    });
    var close = document.createElement("button");
    close.type = "button";
    close.className = "button secondary";
    close.textContent = "Close";
    close.addEventListener("click", function () { dialog.close(); });
    dialog.appendChild(title);
    dialog.appendChild(list);
    dialog.appendChild(close);
    dialog.addEventListener("click", function (event) { if (event.target === dialog) { dialog.close(); } });
    document.body.appendChild(dialog);
    return dialog;
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) { return; }
    var target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement || (target && target.isContentEditable)) { return; }
    var dialog = document.getElementById("shortcut-help");
    if (dialog && dialog.open) { return; }
    var key = event.key;
    if (awaitingGo && Date.now() - awaitingGo < 1500 && GO_TO[key]) {
      awaitingGo = 0;
      window.location.assign(GO_TO[key]);
      event.preventDefault();
      return;
    }
    awaitingGo = 0;
    var handled = false;
    if (key === "j") { handled = move(1); }
    else if (key === "k") { handled = move(-1); }
    else if (key === "n" || key === "p") { handled = act(key) || move(key === "n" ? 1 : -1); }
    else if (key === "o") {
      var row = selectedRow();
      var link = row && (row.querySelector("a.row-link") || row.querySelector("a"));
      if (link) { link.click(); handled = true; }
    }
    else if (key === "m" || key === "s" || key === "v" || key === "r") { handled = act(key); }
    else if (key === "/") {
      var search = document.querySelector('input[type="search"]');
      if (search) { search.focus(); search.select(); } else { window.location.assign("/search"); }
      handled = true;
    }
    else if (key === "g") { awaitingGo = Date.now(); handled = true; }
    else if (key === "?") { helpDialog().showModal(); handled = true; }
    if (handled) { event.preventDefault(); }
  });
})();
"""#
}
