// The value beside Save while offline, looked up in the table the server worked out with the engine while the
// phone was online (scorekeeper/table/offline_values.py): no rule is written here. The form is reduced to its key as the
// server's canonical_key does; a form the table does not hold, or a table for another deal (a deal waits in the
// outbox since), says "value when back online". Online, the table kept for this revision is used (offline.js keeps it
// from the sheet), or fetched once and kept for the next offline deal.
(function () {
  "use strict";
  const form = document.getElementById("deal-form");
  const preview = document.getElementById("preview");
  if (!form || !preview || !form.dataset.valuesUrl) return;
  const url = form.dataset.valuesUrl;
  const PAGES = "schreiber-pages-v1"; // as in sw.js
  let table = null;
  let touched = /\bload\b/.test(form.getAttribute("hx-trigger") || ""); // opened with a player chosen

  function offline() {
    return !navigator.onLine;
  }

  function kept() {
    return caches.match(url).then(function (hit) { return hit ? hit.json() : null; }).catch(function () { return null; });
  }

  // The table kept for this revision (offline.js keeps it from the sheet) is used as it is; another revision's is
  // asked for again, and the server answers 304 when the browser's copy is current after all.
  function load() {
    if (!("caches" in window)) return Promise.resolve(null);
    if (offline()) return kept();
    return kept().then(function (table) {
      if (table && String(table.revision) === form.dataset.valuesRevision) return table;
      return fetchTable();
    });
  }

  function fetchTable() {
    return fetch(url, {credentials: "same-origin", cache: "no-cache"}).then(function (response) {
      if (!response.ok || response.redirected) return null;
      const copy = response.clone();
      caches.open(PAGES).then(function (cache) { return cache.put(url, copy); }).catch(function () {});
      return response.json();
    }).catch(function () { return null; });
  }

  // What scorekeeper/table/offline_values.py canonical_key makes of the same form: keep in step.
  function key(axes) {
    const kept = [];
    const tallies = {};
    for (const input of Array.from(form.elements)) {
      if (!input.name || input.disabled || ["submit", "button"].includes(input.type)) continue;
      // A hidden input counts only inside a control (a stepper's count), not the form's own (number, dealer …).
      if (input.type === "hidden" && !input.closest(".control")) continue;
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) continue;
      let value = String(input.value || "").trim();
      const spec = axes[input.name];
      if (!spec) {
        if (value !== "" && value !== "0") return null;
        continue;
      }
      if (value === "") continue;
      if (spec.as === "tally") {
        if (!/^\d+$/.test(value)) return null;
        tallies[spec.into] = (tallies[spec.into] || 0) + spec.weight * parseInt(value, 10);
        continue;
      }
      if (spec.as === "player") {
        value = value === "-" ? "-" : "*";
      } else if (spec.as === "band") {
        if (!/^\d+$/.test(value)) return null;
        const points = parseInt(value, 10);
        const lower = spec.bands.filter(function (low) { return low <= points; });
        if (!lower.length) return null;
        value = String(lower[lower.length - 1]);
      }
      kept.push(input.name + "=" + value);
    }
    for (const into of Object.keys(tallies)) {
      if (tallies[into]) kept.push(into + "=" + tallies[into]);
    }
    return kept.sort().join("&");
  }

  function answer() {
    const number = form.querySelector("input[type=hidden][name=number]");
    const type = form.querySelector("input[name=contract_type]:checked");
    if (!table || !number || !type || String(table.number) !== number.value) return null;
    const axes = table.types[type.value];
    const found = axes ? table.values[key(axes)] : null;
    return found || null;
  }

  function show() {
    if (!offline() || !touched) return;
    const found = answer();
    if (!found) {
      const line = document.createElement("p");
      line.className = "preview-offline";
      line.textContent = preview.dataset.later || "";
      preview.replaceChildren(line);
      return;
    }
    // Drawn as the online preview (deal_preview.html), without the players' rows: who plays is not in the table.
    const details = document.createElement("details");
    details.className = "preview-ok preview-offline";
    const summary = document.createElement("summary");
    const value = document.createElement("span");
    value.className = "preview-value";
    const label = document.createElement("strong");
    label.textContent = found[0];
    value.append(label, " " + found[1]);
    summary.appendChild(value);
    details.appendChild(summary);
    if (found[3]) {
      const explain = document.createElement("p");
      explain.className = "explain";
      explain.textContent = found[3];
      details.appendChild(explain);
    }
    const notes = (found[4] || []).map(function (note) {
      const line = document.createElement("p");
      line.className = "preview-note";
      line.textContent = note;
      return line;
    });
    preview.replaceChildren.apply(preview, [details].concat(notes));
  }

  function touch() {
    touched = true;
    show();
  }

  form.addEventListener("change", touch);
  form.addEventListener("input", touch);
  form.addEventListener("schreiber:draft-restored", touch);
  window.addEventListener("offline", show);
  load().then(function (found) {
    table = found;
    show();
  });
})();
