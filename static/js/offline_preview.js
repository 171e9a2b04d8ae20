// The value beside Save while the server cannot give it: offline, or while changes wait on this phone (the server
// knows nothing of them yet). The engine itself (engine.js) replays the session's stored deals, the changes waiting
// and this form, as the server will once they are sent (scorekeeper/phone/evening.py): the value, each player's
// points, the explanation, a problem in the table's words, and who deals and sits out. No rule here.
// A phone that cannot run the engine says "value when back online".
(function () {
  "use strict";
  const offline = window.SchreiberOffline;
  const form = document.getElementById("deal-form");
  const preview = document.getElementById("preview");
  if (!offline || !form || !preview) return;
  const text = offline.text;
  const fill = offline.fill;
  const element = offline.element;
  const dealInput = form.querySelector("input[type=hidden][name=deal]");
  const kind = dealInput ? "correction" : form.querySelector("input[name=before]") ? "insertion" : "new";
  let waiting = null; // the changes waiting for this session (offline.js tells), null until it does
  let touched = /\bload\b/.test(form.getAttribute("hx-trigger") || ""); // opened with a player chosen
  let asked = 0;
  let timer = 0;

  // The engine speaks here when the server cannot: offline, or while changes wait.
  function engineSpeaks() {
    return waiting !== null && (!navigator.onLine || waiting.length > 0);
  }

  function later() {
    preview.replaceChildren(element("p", "preview-offline", preview.dataset.later || ""));
  }

  function work() {
    if (!engineSpeaks()) return;
    if (kind === "insertion") {
      if (touched) later();
      return;
    }
    const ask = ++asked;
    const own = form.querySelector("input[type=hidden][name=client_token]");
    const others = waiting.filter(function (item) { return !own || item.token !== own.value; }); // not this form's
    const body = new URLSearchParams(new FormData(form)).toString();
    const thisForm = {kind: kind, token: "form", deal: dealInput ? parseInt(dealInput.value, 10) : null, body: body};
    offline.workOut(form.dataset.revision, others, [thisForm]).then(function (found) {
      if (ask !== asked) return;
      if (!found) {
        if (touched) later();
        return;
      }
      const worked = found.worked;
      const mine = worked.changes[worked.changes.length - 1];
      showSeat(mine, worked.next);
      if (touched) show(mine);
    });
  }

  // Who deals and who sits out, as the heading says it online.
  function showSeat(mine, next) {
    if (kind !== "new") return;
    const hint = form.querySelector(".entry-head .hint");
    if (!hint) return;
    const dealer = mine.result ? mine.result.dealer : next.dealer;
    const out = mine.result ? mine.result.out : next.out;
    let line = fill(text.dealsHint, {dealer: dealer});
    if (out.length) line += " · " + fill(out.length === 1 ? text.sitsOutOne : text.sitsOutOther, {names: out.join(", ")});
    hint.textContent = line;
  }

  // Drawn as the online preview (deal_preview.html).
  function show(mine) {
    if (mine.problems) {
      delete form.dataset.shown;
      preview.replaceChildren(element("p", "preview-problem", mine.problems[0]));
      return;
    }
    const result = mine.result;
    form.dataset.shown = JSON.stringify({deltas: result.deltas});
    const details = element("details", "preview-ok preview-offline");
    const summary = document.createElement("summary");
    const value = element("span", "preview-value");
    value.append(element("strong", "", mine.label));
    if (result.value) value.append(" " + result.value);
    const deltas = element("span", "preview-deltas");
    Object.keys(mine.deltas).forEach(function (player) {
      if (result.out.indexOf(player) >= 0 || (result.away || []).indexOf(player) >= 0) return;
      const delta = mine.deltas[player];
      const cell = element("span", delta > 0 ? "pos" : delta < 0 ? "neg" : "zero", player + " ");
      cell.append(element("strong", "", offline.signed(delta)));
      deltas.append(cell);
    });
    summary.append(value, deltas);
    details.append(summary);
    if (mine.explanation) details.append(element("p", "explain", mine.explanation));
    preview.replaceChildren.apply(preview, [details].concat(mine.notes.map(function (note) {
      return element("p", "preview-note", note);
    })));
  }

  function touch() {
    touched = true;
    clearTimeout(timer);
    timer = setTimeout(work, 120);
  }

  // While the engine speaks, the server's preview (which knows nothing of what waits) is not asked for.
  form.addEventListener("htmx:beforeRequest", function (event) {
    if (engineSpeaks()) event.preventDefault();
  });
  form.addEventListener("change", touch);
  form.addEventListener("input", touch);
  form.addEventListener("schreiber:draft-restored", touch);
  window.addEventListener("offline", work);
  offline.whenWaiting(function (items) {
    waiting = items;
    work();
  });
})();
