// Every page: what the app needs from the browser besides htmx, without inline script (the CSP forbids it).
(function () {
  "use strict";
  // The browser scrolls a control that gets focus clear of the sticky bars by the page's scroll padding
  // (app.css): kept to the bars' heights as they are now (the deal form's bar grows with the explanation).
  function padForBars() {
    var root = document.documentElement.style;
    var top = document.querySelector(".topbar");
    var bottom = Array.prototype.filter.call(document.querySelectorAll(".entry-actions, .entry-bar"), function (bar) {
      return getComputedStyle(bar).position === "sticky";
    })[0];
    root.setProperty("--topbar-height", (top ? top.offsetHeight : 0) + "px");
    root.setProperty("--bottom-bar-height", (bottom ? bottom.offsetHeight : 0) + "px");
    // A bar that grew (the deal's value appeared) may now cover the control being typed in: bring it back out.
    var focused = document.activeElement;
    if (bottom && focused && !bottom.contains(focused) && focused !== document.body &&
        focused.getBoundingClientRect().bottom > bottom.getBoundingClientRect().top) {
      focused.scrollIntoView({block: "nearest"});
    }
  }
  ["toggle", "htmx:afterSettle", "focusin"].forEach(function (type) {
    document.addEventListener(type, padForBars, true);
  });
  window.addEventListener("resize", padForBars);
  document.addEventListener("DOMContentLoaded", function () {
    padForBars();
    var bar = document.querySelector(".entry-actions");
    if (bar && window.ResizeObserver) new ResizeObserver(padForBars).observe(bar);
  });

  // A sheet polls for changes every few seconds; not while the phone is locked or the tab is in the background,
  // and at once when it is shown again (its hx-trigger: visibilitychange).
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden && event.detail.elt.hasAttribute("data-poll")) event.preventDefault();
  });

  // A polling sheet says what it shows, so that the server answers with what changed since (scorekeeper/table/live.py),
  // and the poll token the page gave (scorekeeper/table/polling.py): with it, an unchanged sheet is answered cheaply.
  document.addEventListener("htmx:configRequest", function (event) {
    var sheet = event.detail.elt;
    if (sheet.id !== "sheet") return;
    event.detail.parameters.rev = sheet.dataset.revision;
    event.detail.parameters.shape = sheet.dataset.shape;
    var holder = document.getElementById("sheet-news");
    if (holder && holder.dataset.pollToken) event.detail.parameters.t = holder.dataset.pollToken;
  });

  // A full answer brings a fresh token (the page's expires).
  document.addEventListener("htmx:afterRequest", function (event) {
    var token = event.detail.xhr && event.detail.xhr.getResponseHeader("X-Poll-Token");
    var holder = document.getElementById("sheet-news");
    if (token && holder && event.detail.elt.id === "sheet") holder.dataset.pollToken = token;
  });

  // Its answer is the whole sheet (htmx swaps it) or a patch, put in here; either way the news is read out. A sheet
  // no longer open comes with 286: htmx stops polling it (a whole closed sheet does not poll anyway).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var sheet = event.detail.elt;
    var status = event.detail.xhr.status;
    if (sheet.id !== "sheet" || (status !== 200 && status !== 286) || !event.detail.serverResponse) return;
    var template = document.createElement("template");
    template.innerHTML = event.detail.serverResponse;
    var fresh = template.content.getElementById("sheet");
    if (!fresh) return;
    if (fresh.hasAttribute("data-patch")) {
      // Not swapped; but a 286 must go on to htmx's swap (of nothing), which is where it stops the polling.
      if (status === 286) event.detail.swapOverride = "none";
      else event.detail.shouldSwap = false;
      patch(sheet, fresh);
    }
    if (fresh.dataset.news) announce(fresh.dataset.news);
  });

  // What changed, in a sentence the server wrote (scorekeeper/table/news.py), into the polite live region beside the
  // sheet: it is never replaced, and holds only the latest news. Emptied first, so that the same words for a new
  // change are read out again; an answer without news leaves it as it is.
  var pending = null;
  function announce(sentence) {
    var region = document.getElementById("sheet-news");
    if (!region) return;
    window.clearTimeout(pending);
    region.textContent = "";
    pending = window.setTimeout(function () { region.textContent = sentence; }, 150);
  }

  // Everything but the deals is replaced; each deal that came is put in by its number (newest first), and the
  // deals past the sheet's count are dropped. A deal that did not come is as the phone shows it.
  function patch(sheet, fresh) {
    var wrap = sheet.querySelector(".sheet-table");
    var freshWrap = fresh.querySelector(".sheet-table");
    if (wrap && freshWrap) {  // the same shape has both or neither: a sheet with no deal yet has no table
      putLines(wrap.querySelector("table"), freshWrap.querySelector("table"), Number(fresh.dataset.count));
    }
    var before = true;
    Array.prototype.slice.call(sheet.children).forEach(function (part) {
      if (part !== wrap) part.remove();
    });
    Array.prototype.slice.call(fresh.children).forEach(function (part) {
      if (part === freshWrap) before = false;
      else htmx.process(sheet.insertBefore(part, before ? wrap : null));
    });
    // not htmx.process(sheet): its attributes changed, and htmx would set its polling up a second time
    ["revision", "shape", "count"].forEach(function (key) { sheet.dataset[key] = fresh.dataset[key]; });
  }

  function putLines(table, freshTable, count) {
    Array.prototype.slice.call(freshTable.tBodies).forEach(function (line) {
      var number = Number(line.dataset.number);
      var lines = Array.prototype.slice.call(table.tBodies);
      var same = lines.filter(function (old) { return Number(old.dataset.number) === number; })[0];
      if (same) {
        same.replaceWith(line);
      } else {
        var older = lines.filter(function (old) { return Number(old.dataset.number) < number; })[0];
        table.insertBefore(line, older || null);
      }
      htmx.process(line);
    });
    Array.prototype.slice.call(table.tBodies).forEach(function (line) {
      if (Number(line.dataset.number) > count) line.remove();
    });
  }
})();
