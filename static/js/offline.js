// Nothing typed is ever lost: the sheet and the deal entry keep working when the network is gone.
//
// - Registers the service worker (/sw.js), which answers the session's pages from its cache when offline.
// - A deal saved while offline (or while earlier deals still wait) goes to the outbox, an IndexedDB store on the
//   phone, and the sheet lists it as waiting; so do a correction and a delete (each item has its ``kind``: new,
//   correction or delete, and the ``deal`` it changes). The scripts that show what they make of the sheet
//   (offline_sheet.js, offline_preview.js) follow them through window.SchreiberOffline, below. Back online, the
//   sheet sends the waiting deals one after the other,
//   in the order they were saved, each as the ordinary form post; its client token makes a resend harmless. When
//   the server answers "taken" (another phone entered that deal), sending stops and the scorer gets the server's
//   own page with the choice, as with two phones entering the same deal.
// - The form being filled in is kept as a draft (localStorage) on every change; the same deal opened the same way
//   again offers it back ("Unsaved draft from 21:40 — restore / discard"), never puts it back unasked.
// - The page says when it is offline and since when, and how many deals wait.
// Its words come translated from the server (templates/includes/offline.html).
(function () {
  "use strict";
  const root = document.getElementById("offline");
  const words = document.getElementById("offline-text");
  if (!root || !words) return;
  const text = words.dataset;
  const user = root.dataset.user || "";
  const sessionUrl = root.dataset.sessionUrl || "";
  const dealUrl = root.dataset.dealUrl || "";
  const state = root.querySelector(".offline-state");
  const outbox = root.querySelector(".offline-outbox");
  const sheet = document.getElementById("sheet");
  const form = document.getElementById("deal-form");

  const PAGES = "schreiber-pages-v1"; // as in sw.js
  const STATIC = "schreiber-static-v1";
  const KEY = "schreiber:";
  const DRAFT = KEY + "draft:";
  const MIRROR = KEY + "outbox"; // what waits, by token, for decisions that cannot wait for IndexedDB
  const SENT = KEY + "sent"; // tokens the server is known to have taken: never used again for another deal
  const STORED = KEY + "stored:"; // per session: the last deal number this phone saw saved
  const SINCE = KEY + "offline-since";
  const SUBMITTED = KEY + "submitted"; // sessionStorage: a form was just posted the ordinary way

  const servedFresh = !(navigator.serviceWorker && navigator.serviceWorker.controller); // not through the worker
  let message = ""; // what the last attempt to send said, when it did not go through
  let flushing = false;
  let leaving = false; // the server's page for a waiting deal is on its way

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? String(values[name]) : all;
    });
  }

  // A player's points as the sheet writes them (the ``signed`` filter): +20, -20, 0.
  function signed(value) {
    return value > 0 ? "+" + value : String(value);
  }

  function element(tag, className, content) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (content !== undefined) made.textContent = content;
    return made;
  }

  function readJSON(storage, key, fallback) {
    try {
      const value = JSON.parse(storage.getItem(key) || "null");
      return value === null ? fallback : value;
    } catch (error) {
      return fallback;
    }
  }

  function writeJSON(storage, key, value) {
    try { storage.setItem(key, JSON.stringify(value)); } catch (error) { /* full or forbidden: only a convenience */ }
  }

  // the service worker ----------------------------------------------------------------------------------------

  if ("serviceWorker" in navigator && root.dataset.worker) {
    navigator.serviceWorker.register(root.dataset.worker, {scope: "/"}).catch(function () { /* no offline copy */ });
  }

  // Another person's pages are never shown: a different user on this phone, or a logout, forgets them.
  function forgetPages() {
    Object.keys(localStorage).forEach(function (key) {
      if (key.startsWith(DRAFT) || key.startsWith(STORED)) localStorage.removeItem(key);
    });
    return "caches" in window ? caches.delete(PAGES).catch(function () {}) : Promise.resolve();
  }

  if (user) {
    const last = localStorage.getItem(KEY + "user");
    if (last && last !== user) forgetPages();
    try { localStorage.setItem(KEY + "user", user); } catch (error) { /* ignore */ }
  }
  document.querySelectorAll("form[data-logout]").forEach(function (logout) {
    logout.addEventListener("submit", function (event) {
      event.preventDefault();
      localStorage.removeItem(KEY + "user");
      const done = function () { logout.submit(); };
      Promise.race([forgetPages(), new Promise(function (resolve) { setTimeout(resolve, 1500); })]).then(done, done);
    });
  });

  // the outbox (IndexedDB, shared with sw.js; openOutbox() is in outbox.js) ---------------------------------------


  function withStore(mode, work) {
    return openOutbox().then(function (db) {
      return new Promise(function (resolve, reject) {
        const transaction = db.transaction("outbox", mode);
        let result;
        work(transaction.objectStore("outbox"), function (value) { result = value; });
        transaction.oncomplete = function () { db.close(); resolve(result); };
        transaction.onerror = transaction.onabort = function () { db.close(); reject(transaction.error); };
      });
    });
  }

  // Everything waiting, oldest first (the key only grows).
  function allWaiting() {
    return withStore("readonly", function (store, done) {
      const request = store.getAll();
      request.onsuccess = function () { done(request.result || []); };
    }).then(function (items) {
      mirror(items);
      return items;
    });
  }

  // A deal is kept once, by its token: kept again, it keeps its place in the line.
  function keep(deal) {
    return withStore("readwrite", function (store) {
      const lookup = store.index("token").get(deal.token);
      lookup.onsuccess = function () {
        if (lookup.result) store.put(Object.assign({}, lookup.result, deal, {id: lookup.result.id}));
        else store.add(deal);
      };
    }).then(allWaiting);
  }

  function drop(id) {
    return withStore("readwrite", function (store) { store.delete(id); }).then(allWaiting);
  }

  function update(item) {
    return withStore("readwrite", function (store) { store.put(item); });
  }

  function mirror(items) {
    const summary = {};
    items.forEach(function (item) {
      summary[item.token] = {session: item.session, number: item.number, user: item.user, kind: item.kind || "new"};
    });
    writeJSON(localStorage, MIRROR, summary);
  }

  // How many deals the waiting changes add to the sheet: the new ones, less those deleted.
  const ADDS = {new: 1, correction: 0, delete: -1};
  function netNew(items) {
    return items.reduce(function (sum, item) { return sum + ADDS[item.kind || "new"]; }, 0);
  }

  function mine(item) {
    return item.user === user || item.user === ""; // "": kept by the service worker, for whoever was logged in
  }

  // What waits for this session, known at once (from the mirror).
  function waitingHere() {
    const summary = readJSON(localStorage, MIRROR, {});
    return Object.keys(summary).filter(function (token) {
      const item = summary[token];
      return item.session === sessionUrl && (item.user === user || item.user === "");
    }).map(function (token) { return Object.assign({token: token}, summary[token]); });
  }

  function sentTokens() {
    return readJSON(localStorage, SENT, []);
  }

  function rememberSent(token) {
    const sent = sentTokens().filter(function (t) { return t !== token; });
    sent.push(token);
    writeJSON(localStorage, SENT, sent.slice(-200));
  }

  // offline, and since when -------------------------------------------------------------------------------------

  function offlineSince() {
    let since = parseInt(localStorage.getItem(SINCE) || "", 10);
    if (!since) {
      since = Date.now();
      try { localStorage.setItem(SINCE, String(since)); } catch (error) { /* ignore */ }
    }
    return since;
  }

  // The time as the phone writes it, in the page's language (en-GB, not en-US, for an English page in Bavaria).
  function clock(moment) {
    const language = document.documentElement.lang || "de";
    const local = (navigator.languages || []).filter(function (tag) { return tag.split("-")[0] === language; });
    return new Intl.DateTimeFormat(local.concat([language]), {hour: "2-digit", minute: "2-digit"}).format(new Date(moment));
  }

  function isOffline() {
    return !navigator.onLine;
  }

  function showState() {
    const lines = [];
    if (isOffline()) {
      lines.push(fill(text.offlineSince, {time: clock(offlineSince())}));
    } else {
      localStorage.removeItem(SINCE);
    }
    const waiting = sessionUrl ? waitingHere().length : 0;
    if (waiting) lines.push(fill(waiting === 1 ? text.pendingOne : text.pendingOther, {n: waiting}));
    if (message) lines.push(message);
    state.replaceChildren();
    lines.forEach(function (line) {
      const span = document.createElement("span");
      span.textContent = line;
      state.appendChild(span);
    });
    root.classList.toggle("is-offline", isOffline());
  }

  function showOutbox(items) {
    const here = items.filter(function (item) { return item.session === sessionUrl && mine(item); });
    const list = outbox.querySelector("ol");
    list.replaceChildren();
    here.forEach(function (item) {
      const line = document.createElement("li");
      const words = {correction: text.outboxCorrection, delete: text.outboxDelete}[item.kind] || text.outboxItem;
      line.textContent = fill(words, {n: item.number, game: item.label || "…"});
      line.dataset.token = item.token;
      if (item.problems && item.problems.length) line.dataset.problems = item.problems.join(" ");
      list.appendChild(line);
    });
    outbox.hidden = here.length === 0 || !sheet; // on the entry page the count says enough
    // The sheet's "+ Deal N" counts the waiting deals too.
    const next = document.getElementById("new-deal");
    if (next && here.length) {
      const count = parseInt((document.getElementById("sheet") || sheet).dataset.count || "0", 10) || 0;
      next.textContent = next.textContent.replace(/\d+\s*$/, String(count + 1 + netNew(here)));
    }
    showState();
    tellWaiting(here);
  }

  // What offline_sheet.js and offline_preview.js share with this script: the changes waiting here (now, and each
  // time they change), and what the engine makes of the session with them.
  let waitingNow = null;
  const followers = [];
  function tellWaiting(items) {
    waitingNow = items;
    followers.forEach(function (follower) { follower(items); });
  }

  // The changes ``items`` (and ``more``, plain changes) worked out against the session as the phone last kept it
  // (…/phone.json: the worker answers from its cache offline), when that is the revision the page shows:
  // {table, worked}, or null where it is not or the engine cannot run.
  function workOut(revision, items, more) {
    const changes = items.map(function (item) {
      return {kind: item.kind || "new", token: item.token, deal: item.deal || null, body: item.body};
    }).concat(more || []);
    return fetch(sessionUrl + "phone.json", {credentials: "same-origin"}).then(function (response) {
      return response.ok ? response.json() : null;
    }).catch(function () { return null; }).then(function (table) {
      if (!table || String(table.revision) !== String(revision) || !window.SchreiberEngine) return null;
      return window.SchreiberEngine.evening(table, changes).then(function (worked) {
        return worked ? {table: table, worked: worked} : null;
      });
    });
  }

  window.SchreiberOffline = {
    text: text,
    fill: fill,
    signed: signed,
    element: element,
    whenWaiting: function (follower) {
      followers.push(follower);
      if (waitingNow) follower(waitingNow);
    },
    workOut: workOut,
  };

  function refresh() {
    return allWaiting().then(function (items) {
      // A deal the service worker kept has no owner and no label yet: it is this user's, the one just posted.
      const posted = readJSON(sessionStorage, KEY + "label", null);
      const claims = items.filter(function (item) { return user && item.user === ""; }).map(function (item) {
        item.user = user;
        if (posted && posted.token === item.token) item.label = posted.label;
        return update(item);
      });
      return Promise.all(claims).then(function () { return claims.length ? allWaiting() : items; });
    }).then(function (items) {
      if (sessionUrl) showOutbox(items);
      return items;
    }).catch(function () { showState(); return []; });
  }

  // sending what waits --------------------------------------------------------------------------------------------

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  function bodyWithToken(body) {
    const fields = new URLSearchParams(body);
    const token = csrfToken();
    if (token) fields.set("csrfmiddlewaretoken", token);
    return fields;
  }

  function path(url) {
    return new URL(url, location.href).pathname;
  }

  function locked(work) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request("schreiber-outbox", {ifAvailable: true}, function (lock) {
        return lock ? work() : null; // another tab is sending: it sends these too
      });
    }
    return work();
  }

  // The server's own page for a waiting deal it did not take ("taken", or a mistake in it): posted the ordinary
  // way, so the scorer sees the same choice as anywhere else. Nothing was written, so posting again is harmless.
  function showServerPage(item) {
    const post = document.createElement("form");
    post.method = "post";
    post.action = item.dealUrl;
    post.hidden = true;
    bodyWithToken(item.body).forEach(function (value, name) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      post.appendChild(input);
    });
    document.body.appendChild(post);
    post.submit();
  }

  function flush() {
    if (flushing || isOffline() || !sheet || !sessionUrl || !dealUrl || !user) return Promise.resolve();
    flushing = true;
    return locked(sendAll).catch(function () {
      // The network failed on the way: everything stays, and is sent again when the phone is back online.
    }).then(function () {
      flushing = false;
      return refresh();
    }).then(function () {
      if (!leaving && sentShown.length) compareShown(sentShown.splice(0));
    }).then(function () {
      if (!leaving && !message && !waitingHere().length) precache();
    });
  }

  // The server's result is the truth. Where it differs from what the phone showed for a deal it kept (another
  // phone saved first, a deal was corrected elsewhere), the page says so, one sentence a deal, until dismissed.
  const sentShown = [];
  const CHANGED = KEY + "changed:";

  function compareShown(items) {
    return fetch(sessionUrl + "phone.json", {credentials: "same-origin", cache: "no-store"}).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (table) {
      if (!table) return;
      const lines = readJSON(localStorage, CHANGED + sessionUrl, []);
      items.forEach(function (item) {
        const stored = table.stored.filter(function (deal) {
          return item.kind === "correction" ? deal.id === item.deal : deal.token === item.token;
        })[0];
        if (!stored || String(stored.deltas) === String(item.shown.deltas)) return;
        lines.push(fill(text.changed, {
          n: table.stored.indexOf(stored) + 1,
          shown: deltasText(table.players, item.shown.deltas),
          stored: deltasText(table.players, stored.deltas),
        }));
      });
      writeJSON(localStorage, CHANGED + sessionUrl, lines);
      showChanged();
    }).catch(function () { /* compared the next time the phone is back */ });
  }

  function deltasText(players, deltas) {
    return players.map(function (name, at) {
      const delta = deltas[at];
      return name + " " + (delta > 0 ? "+" + delta : delta < 0 ? "−" + -delta : "0");
    }).join(", ");
  }

  function showChanged() {
    const box = root.querySelector(".offline-changed");
    if (!box || !sessionUrl) return;
    const lines = readJSON(localStorage, CHANGED + sessionUrl, []);
    const list = box.querySelector("ul");
    list.replaceChildren.apply(list, lines.map(function (line) { return element("li", "", line); }));
    box.hidden = !lines.length;
  }

  function sendAll() {
    return allWaiting().then(function (items) {
      const here = items.filter(function (item) { return item.session === sessionUrl && mine(item); });
      if (!here.length) return null;
      message = text.sending;
      showOutbox(items);
      // First: may this scorer still add deals here (logged in, the session open)?
      return fetch(dealUrl, {credentials: "same-origin", cache: "no-store"}).then(function (probe) {
        if (probe.redirected && path(probe.url) !== dealUrl) {
          message = path(probe.url) === sessionUrl ? text.closed : text.login;
          return null;
        }
        if (!probe.ok) {
          message = fill(text.failed, {status: probe.status});
          return null;
        }
        return sendNext(here, 0);
      });
    }).then(function (result) {
      if (message === text.sending) message = "";
      return result;
    });
  }

  function sendNext(items, at) {
    if (at >= items.length) return null;
    const item = items[at];
    return fetch(item.dealUrl, {
      method: "POST",
      body: bodyWithToken(item.body),
      credentials: "same-origin",
      cache: "no-store",
      headers: {"X-CSRFToken": csrfToken()},
    }).then(function (response) {
      if (response.status === 409 || response.status === 422) {
        // The answer names what was refused by code (X-Problem-Codes: "conflict_taken" when another phone took
        // the deal number, an engine code such as "between" for a mistake in the deal): kept with the held deal.
        const problems = (response.headers.get("X-Problem-Codes") || "").split(" ").filter(Boolean);
        message = "";
        leaving = true;
        return update(Object.assign({}, item, {held: true, problems: problems})).then(function () {
          showServerPage(item);
        });
      }
      if (response.ok && response.redirected && path(response.url) === item.session) {
        // Stored now or before (the server knows the token). Taken as sent only when the sheet it answered
        // with still takes new deals: had the session been closed meanwhile, nothing was added.
        return response.text().then(function (html) {
          const page = new DOMParser().parseFromString(html, "text/html");
          if (!page.getElementById("new-deal")) {
            message = text.closed;
            return null;
          }
          rememberSent(item.token);
          if (item.shown) sentShown.push(item);
          return drop(item.id).then(function (left) {
            showOutbox(left);
            return sendNext(items, at + 1);
          });
        });
      }
      if (item.kind === "delete" && response.redirected && path(response.url) !== item.session) {
        // Not deleted (the deal changed since): the deal's own page says so. Deleting it again is the scorer's choice.
        leaving = true;
        return drop(item.id).then(function () { location.href = response.url; });
      }
      message = response.redirected && path(response.url) !== item.session
        ? text.login : fill(text.failed, {status: response.status});
      return null;
    });
  }

  // Keep what the next offline deal needs: this sheet, the entry page, the session for the engine, and the files
  // they use (those first: a page that is kept can always be shown); once for each revision of the sheet. The
  // engine itself once for each of its versions (engine.js).
  let precached = "";
  function precache() {
    if (isOffline() || !("caches" in window) || !sessionUrl || !dealUrl || !sheet) return;
    if (!document.getElementById("new-deal")) return; // not a scorer here, or the session is closed
    const revision = (document.getElementById("sheet") || sheet).dataset.revision || "";
    if (revision && revision === precached) return;
    precached = revision;
    // The session as the engine replays it, and the newest deal's correction (the one most often corrected).
    const urls = [dealUrl, sessionUrl + "phone.json"];
    const newest = sheet.querySelector("tbody[data-number] a[href*='/deal/']");
    if (newest) urls.push(path(newest.href));
    if (servedFresh) urls.push(location.pathname); // else the worker kept it on its way here
    const assets = new Set(staticOf(document));
    if (window.SchreiberEngine) window.SchreiberEngine.keep();
    Promise.all(urls.map(function (url) {
      return fetch(url, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
        if (response.status !== 200 || response.redirected) return null;
        return response.clone().text().then(function (html) {
          staticOf(new DOMParser().parseFromString(html, "text/html")).forEach(function (a) { assets.add(a); });
          return [url, response];
        });
      });
    })).then(function (pages) {
      return caches.open(STATIC).then(function (cache) {
        return Promise.all(Array.from(assets).map(function (url) {
          return cache.match(url).then(function (hit) { return hit || cache.add(url); });
        }));
      }).then(function () { return caches.open(PAGES); }).then(function (cache) {
        return Promise.all(pages.filter(Boolean).map(function (page) {
          if (page[0] === dealUrl) localStorage.removeItem(STORED + sessionUrl);
          return cache.put(page[0], page[1]);
        }));
      });
    }).catch(function () { precached = ""; /* offline copies are a convenience: tried again with the next poll */ });
  }

  function staticOf(page) {
    return Array.from(page.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=icon][href]"))
      .map(function (element) { return new URL(element.getAttribute("src") || element.getAttribute("href"), location.href); })
      .filter(function (url) { return url.origin === location.origin && url.pathname.startsWith("/static/"); })
      .map(function (url) { return url.pathname + url.search; });
  }

  // the deal entry --------------------------------------------------------------------------------------------

  const kind = !form ? "" : form.querySelector("input[name=deal]") ? "correction"
    : form.querySelector("input[name=before]") ? "insertion" : form.querySelector("input[name=number]") ? "new" : "";
  const field = function (name) { return form ? form.querySelector("input[type=hidden][name=" + name + "]") : null; };
  const tokenInput = field("client_token");
  const numberInput = field("number");
  const pageNumber = numberInput ? parseInt(numberInput.value, 10) || 0 : 0; // as the server (or its kept copy) drew it
  const dealerInput = field("dealer");
  const told = form ? form.querySelector("[role=alert]") : null; // the server's answer to a post: keep as it is
  // How this form was started: "+ Deal", or a player's score card (?lead=Caro), which presets that player.
  const start = new URLSearchParams(location.search).get("lead") || "";
  // The server's page for a deal that waited on this phone (its "taken" choice): it carries that deal's token.
  // Anywhere else a token that waits is a kept copy of the entry page, and the next deal gets a token of its own.
  const carried = told && tokenInput && readJSON(localStorage, MIRROR, {})[tokenInput.value] ? tokenInput.value : "";

  // A new deal follows the deals waiting on this phone: the next number, a token of its own, and who deals left
  // to the server (it derives the dealer when none is given, and refuses the deal if its number is taken).
  function placeNewDeal() {
    if (kind !== "new" || carried || told) return;
    const waiting = waitingHere();
    const before = parseInt(numberInput.value, 10) || 0;
    const stored = parseInt(localStorage.getItem(STORED + sessionUrl) || "0", 10) || 0;
    const number = Math.max(pageNumber, stored + 1) + netNew(waiting);
    const spent = new Set(sentTokens().concat(waiting.map(function (item) { return item.token; })));
    if (tokenInput && (spent.has(tokenInput.value) || number !== before)) tokenInput.value = newToken();
    if (number === before) return;
    numberInput.value = String(number);
    if (dealerInput) dealerInput.value = "";
    const title = form.querySelector("h1");
    if (title) title.textContent = title.textContent.replace(new RegExp("\\b" + before + "\\b"), String(number));
    document.title = document.title.replace(new RegExp("\\b" + before + "\\b"), String(number));
    const dealerHint = form.querySelector(".entry-head .hint");
    if (dealerHint) dealerHint.textContent = text.dealerUnknown;
  }

  function newToken() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function draftKey() {
    if (kind === "correction") return DRAFT + "deal:" + field("deal").value;
    if (kind === "insertion") return DRAFT + sessionUrl + "before:" + field("before").value;
    if (kind === "new") return DRAFT + sessionUrl + "deal:" + numberInput.value;
    return "";
  }

  function typed() {
    return Array.from(form.querySelectorAll("input, select, textarea")).filter(function (input) {
      return input.name && input.type !== "hidden" && input.type !== "submit" && input.type !== "button";
    });
  }

  function saveDraft() {
    const fields = [];
    typed().forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked) fields.push([input.name, input.value]);
      } else if (input.value !== "") {
        fields.push([input.name, input.value]);
      }
    });
    const revision = field("revision");
    writeJSON(localStorage, key, {at: Date.now(), start: start, revision: revision ? revision.value : "", fields: fields});
  }

  // A draft is offered back only to the start it was made for: the same deal (its number, or the deal corrected
  // at the same revision) opened the same way (a player's score card presets that player: another start).
  function offeredDraft() {
    const draft = readJSON(localStorage, key, null);
    if (!draft || !draft.fields || !draft.fields.length) return null;
    const revision = field("revision");
    if (revision && draft.revision !== revision.value) return null; // the deal changed since: start from it
    return (draft.start || "") === start ? draft : null;
  }

  function applyDraft(draft) {
    const chosen = draft.fields.map(function (pair) { return pair[0] + "=" + pair[1]; });
    const values = {};
    draft.fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    typed().forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = chosen.includes(input.name + "=" + input.value);
      } else {
        input.value = (values[input.name] || []).shift() || "";
      }
    });
    // The other scripts are told, as if the scorer had made the choices again.
    const contract = form.querySelector("input[name=contract_type]:checked");
    (contract || form).dispatchEvent(new Event("change", {bubbles: true}));
    form.dispatchEvent(new CustomEvent("schreiber:draft-restored", {bubbles: true}));
  }

  // Never put back unasked: the notice says from when, and the scorer restores or discards it.
  function offerDraft(draft) {
    const notice = document.getElementById("draft-notice");
    if (!notice) return;
    const line = document.createElement("p");
    line.textContent = fill(text.draftFound, {time: clock(draft.at)});
    const choice = document.createElement("p");
    choice.className = "draft-choice";
    [[text.draftRestore, "primary", function () {
      applyDraft(draft);
      document.getElementById("save-deal").focus();
    }], [text.draftDiscard, "", function () {
      localStorage.removeItem(key);
      const first = typed()[0];
      if (first) first.focus();
    }]].forEach(function (spec) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = ("button " + spec[1]).trim();
      button.textContent = spec[0];
      button.addEventListener("click", function () {
        notice.replaceChildren();
        spec[2]();
      });
      choice.appendChild(button);
    });
    notice.replaceChildren(line, choice);
  }

  function forgetDrafts() {
    const old = Date.now() - 3 * 24 * 3600 * 1000;
    Object.keys(localStorage).forEach(function (name) {
      if (name.startsWith(DRAFT) && (readJSON(localStorage, name, {}).at || 0) < old) localStorage.removeItem(name);
    });
  }

  function labelOf() {
    const contract = form.querySelector("input[name=contract_type]:checked");
    const parts = [contract && contract.closest("label") ? contract.closest("label").textContent.trim() : ""];
    const players = Array.from(form.querySelectorAll(".control-player, .control-players")).find(function (control) {
      return !control.hidden && control.querySelector("input:checked:not([value=''])");
    });
    if (players) {
      parts.push(Array.from(players.querySelectorAll("input:checked")).map(function (input) {
        return input.value;
      }).join(", "));
    }
    return parts.filter(Boolean).join(" ");
  }

  // After an ordinary post: on the sheet it was saved, so its draft goes; on the form again it was not.
  const submitted = readJSON(sessionStorage, SUBMITTED, null);
  sessionStorage.removeItem(SUBMITTED);
  if (submitted && path(location.href) === submitted.session && !(form && draftKey() === submitted.draft)) {
    localStorage.removeItem(submitted.draft);
    const kept = readJSON(localStorage, MIRROR, {})[submitted.token]; // the service worker kept it: not saved yet
    if (submitted.token && !kept) {
      rememberSent(submitted.token);
      const stored = parseInt(localStorage.getItem(STORED + submitted.session) || "0", 10) || 0;
      if (submitted.number > stored) localStorage.setItem(STORED + submitted.session, String(submitted.number));
    }
  }

  let key = "";
  if (form && kind) {
    placeNewDeal();
    key = draftKey();
    forgetDrafts();
    const offered = !told && offeredDraft();
    if (offered) offerDraft(offered);
    form.addEventListener("input", saveDraft);
    form.addEventListener("change", saveDraft);
    form.addEventListener("click", function (event) {
      const link = event.target.closest("a[href]");
      if (!link || path(link.href) !== sessionUrl) return; // Cancel, or "Discard mine"
      localStorage.removeItem(key);
      if (!carried) return;
      event.preventDefault(); // the deal that waited is discarded: out of the outbox, then on to the sheet
      allWaiting().then(function (items) {
        const item = items.find(function (i) { return i.token === carried; });
        return item ? drop(item.id) : null;
      }).finally(function () { location.href = link.href; });
    });

    form.addEventListener("submit", function (event) {
      if (kind === "correction" && (isOffline() || waitingHere().length)) {
        event.preventDefault(); // after what waits, in its turn: the engine shows what it makes of the sheet
        const correction = {kind: "correction", deal: parseInt(field("deal").value, 10), dealUrl: location.pathname};
        putInOutbox(event.submitter, correction);
        return;
      }
      if (kind !== "new") {
        if (isOffline()) {
          event.preventDefault();
          message = text.insertionOffline;
          showState();
          reenable();
        }
        return;
      }
      const others = waitingHere().filter(function (item) { return item.token !== carried; });
      if (isOffline() || others.length) {
        event.preventDefault();
        putInOutbox(event.submitter);
        return;
      }
      writeJSON(sessionStorage, SUBMITTED, {
        draft: key, session: sessionUrl, token: tokenInput ? tokenInput.value : "",
        number: parseInt(numberInput.value, 10) || 0,
      });
      writeJSON(sessionStorage, KEY + "label", {token: tokenInput ? tokenInput.value : "", label: labelOf()});
    });
  }

  // The number in the form's heading (a correction has no number field).
  function numberShown() {
    const found = (form.querySelector("h1") || {textContent: ""}).textContent.match(/\d+/);
    return found ? parseInt(found[0], 10) : 0;
  }

  // A deal deleted while offline (or while changes wait) waits too, in its turn.
  document.querySelectorAll("form.delete-deal").forEach(function (removal) {
    removal.addEventListener("submit", function (event) {
      if (!form || kind !== "correction" || !(isOffline() || waitingHere().length)) return;
      event.preventDefault();
      keepAndShow({
        kind: "delete",
        token: newToken(), // a change of its own, never the correction's this page may hold
        deal: parseInt(field("deal").value, 10),
        body: new URLSearchParams(new FormData(removal)).toString(),
        dealUrl: new URL(removal.action, location.href).pathname,
        label: "",
      });
    });
  });

  function reenable() {
    setTimeout(function () {
      const save = document.getElementById("save-deal");
      if (save) save.disabled = false;
    }, 10);
  }

  // The button pressed goes with the deal ("Yes, the same deal again" is an answer the server must hear), and so
  // do the values the phone showed for it (offline_preview.js): the server's are compared with them once sent.
  function putInOutbox(submitter, change) {
    keepAndShow(Object.assign({
      body: new URLSearchParams(new FormData(form, submitter || null)).toString(),
      label: labelOf(),
      shown: form.dataset.shown ? JSON.parse(form.dataset.shown) : null,
    }, change || {}));
  }

  // A change of this form kept in the outbox (a new deal unless ``change`` says otherwise), then the sheet with the
  // list of what waits in view.
  function keepAndShow(change) {
    keep(Object.assign({
      kind: "new",
      token: tokenInput ? tokenInput.value : newToken(),
      number: numberInput ? parseInt(numberInput.value, 10) || 0 : numberShown(),
      session: sessionUrl,
      dealUrl: dealUrl,
      user: user,
      at: Date.now(),
      held: false,
    }, change)).then(function () {
      localStorage.removeItem(key);
      location.href = sessionUrl + "#offline";
    }, function () {
      reenable(); // IndexedDB refused (private mode, full): the form stays as it is, and so does its draft
    });
  }

  // wiring ------------------------------------------------------------------------------------------------------

  // The status line stands above the sheet (or the form), outside what the sheet's polling replaces.
  const anchor = sheet || form;
  if (anchor && anchor.parentNode) anchor.parentNode.insertBefore(root, anchor);

  // No polling, no preview while offline: they could only fail.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isOffline()) event.preventDefault();
  });
  // A poll that brought a new revision (swapped whole or patched in): kept for offline once the phone is idle, so
  // that polls in quick succession ask once.
  let idle = 0;
  document.body.addEventListener("htmx:afterRequest", function (event) {
    const detail = event.detail || {};
    if (!detail.elt || detail.elt.id !== "sheet" || !detail.xhr || detail.xhr.status !== 200) return;
    clearTimeout(idle);
    idle = setTimeout(function () {
      if (window.requestIdleCallback) requestIdleCallback(precache, {timeout: 2000});
      else precache();
    }, 1000);
  });

  window.addEventListener("online", function () { message = ""; showState(); flush(); });
  window.addEventListener("offline", function () { showState(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) flush(); });
  setInterval(function () { if (waitingHere().length) flush(); }, 15000);

  const changedBox = root.querySelector(".offline-changed");
  if (changedBox) {
    changedBox.querySelector("button").addEventListener("click", function () {
      localStorage.removeItem(CHANGED + sessionUrl);
      showChanged();
    });
  }

  showState();
  showChanged();
  refresh().then(function () {
    if (form && kind === "new") placeNewDeal();
    if (sheet) flush();
  });
})();
