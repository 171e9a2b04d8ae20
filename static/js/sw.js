// Schreiber's service worker, served from /sw.js (scope /): the score sheet and the deal entry still open when
// the pub's Wi-Fi is gone, and a deal saved in that moment is kept on the phone instead of lost.
//
// - Pages of a session (the sheet /c/<club>/s/<id>/, its deal entry …/deal/, a deal's correction …/deal/<id>/, and
//   …/phone.json, what the engine replays offline): network first, so they are fresh whenever the network answers;
//   the last copy from the cache when it does not. Only a plain 200 answer is kept.
// - The engine (static/js/engine.js): the Python runtime (/static/vendor/pyodide/…, network first) and the modules
//   and words of one version (/phone/<version>/…, never changed: from the cache first), kept in a cache of their own
//   that nothing trims; /phone/engine.json, which names them, network first.
// - Static files: a hashed name (app.3f2a9c1b7e4d.css) never changes, so from the cache first; a plain name
//   (while developing) from the network, the cache only when offline.
// - A long sheet's full blocks of older lines (…/sheet/?lines=…&stamp=…&look=…): what such an address
//   answers never changes, so from the cache first, kept with the pages (forgotten with them).
// - A POST is never cached. A new deal posted while the network fails is put in the outbox (IndexedDB, the same
//   one static/js/offline.js uses) and the phone is sent to the sheet, where offline.js sends it once it can.
// - Everything else goes to the network untouched.
"use strict";

const VERSION = "v1";
const PAGES = "schreiber-pages-" + VERSION;
const STATIC = "schreiber-static-" + VERSION;
const ENGINE = "schreiber-engine-" + VERSION;
const KEEP = [PAGES, STATIC, ENGINE];
const STATIC_LIMIT = 80;
const NETWORK_PATIENCE = 6000; // a page waits this long for the network when a cached copy could answer

const SESSION_PAGE = /^\/c\/[^/]+\/s\/\d+\/(deal\/(\d+\/)?)?$/;
const SESSION_TABLE = /^\/c\/[^/]+\/s\/\d+\/phone\.json$/;
const ENGINE_VERSION = /^\/phone\/[0-9a-f]+\//;
const ENGINE_NAMES = /^(\/phone\/engine\.json|\/static\/vendor\/pyodide\/)/;
const DEAL_NEW = /^(\/c\/[^/]+\/s\/\d+\/)deal\/$/;
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;
const SHEET_BLOCK = /^\/c\/[^/]+\/s\/\d+\/sheet\/$/;
const BLOCKS_LIMIT = 200;

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.startsWith("schreiber-") && !KEEP.includes(name);
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    const deal = DEAL_NEW.exec(url.pathname);
    if (deal && request.mode === "navigate" && !url.search) event.respondWith(postDeal(request, deal[1]));
    return; // any other POST: to the network, as it is
  }
  if (request.method !== "GET") return;
  if ((request.mode === "navigate" && SESSION_PAGE.test(url.pathname)) || SESSION_TABLE.test(url.pathname)) {
    event.respondWith(page(request, url));
  } else if (ENGINE_VERSION.test(url.pathname)) {
    event.respondWith(cacheFirst(request, ENGINE));
  } else if (ENGINE_NAMES.test(url.pathname)) {
    event.respondWith(networkFirst(request, ENGINE));
  } else if (SHEET_BLOCK.test(url.pathname)) {
    event.respondWith(sheetBlock(request));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request, STATIC) : networkFirst(request, STATIC));
  }
});

// pages -------------------------------------------------------------------------------------------------------

function page(request, url) {
  const key = url.origin + url.pathname; // ?undo=… and the like show the same page
  // An entry page opened for a player (?lead=…) or an insertion (?before=…) is not the plain next deal: not kept.
  const keep = !(url.search && DEAL_NEW.test(url.pathname));
  const network = fetch(request).then(function (response) {
    if (keep && response.ok && response.status === 200 && !response.redirected && response.type === "basic") {
      const copy = response.clone();
      caches.open(PAGES).then(function (cache) { return cache.put(key, copy); });
    }
    return response;
  });
  return caches.open(PAGES).then(function (cache) { return cache.match(key); }).then(function (cached) {
    if (!cached) return network;
    const patience = new Promise(function (resolve) { setTimeout(function () { resolve(cached); }, NETWORK_PATIENCE); });
    return Promise.race([network.catch(function () { return cached; }), patience]);
  });
}

// A block is kept only as its address names it (the server says so: immutable); the oldest blocks go first.
function sheetBlock(request) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(request, {ignoreVary: true}).then(function (cached) {
      return cached || fetch(request).then(function (response) {
        if (response.ok && /immutable/.test(response.headers.get("Cache-Control") || "")) {
          cache.put(request, response.clone()).then(function () { trimBlocks(cache); });
        }
        return response;
      });
    });
  });
}

function trimBlocks(cache) {
  cache.keys().then(function (keys) {
    const blocks = keys.filter(function (key) { return SHEET_BLOCK.test(new URL(key.url).pathname); });
    blocks.slice(0, Math.max(0, blocks.length - BLOCKS_LIMIT)).forEach(function (key) { cache.delete(key); });
  });
}

// static files ------------------------------------------------------------------------------------------------

// The static files' cache keeps the newest STATIC_LIMIT; the engine's keeps all (one version at a time). What
// they hold does not depend on the language a request asks for (the server's Vary says it may, for every answer).
function cacheFirst(request, name) {
  return caches.open(name).then(function (cache) {
    return cache.match(request, {ignoreVary: true}).then(function (cached) {
      return cached || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone()).then(function () { trim(cache, name); });
        return response;
      });
    });
  });
}

function networkFirst(request, name) {
  return caches.open(name).then(function (cache) {
    return fetch(request).then(function (response) {
      if (response.ok) cache.put(request, response.clone()).then(function () { trim(cache, name); });
      return response;
    }).catch(function (error) {
      return cache.match(request, {ignoreSearch: true, ignoreVary: true}).then(function (cached) {
        if (cached) return cached;
        throw error;
      });
    });
  });
}

function trim(cache, name) {
  if (name !== STATIC) return;
  cache.keys().then(function (keys) {
    keys.slice(0, Math.max(0, keys.length - STATIC_LIMIT)).forEach(function (key) { cache.delete(key); });
  });
}

// a new deal while the network fails ---------------------------------------------------------------------------

function postDeal(request, sessionPath) {
  const copy = request.clone();
  return fetch(request).catch(function (error) {
    return copy.text().then(function (body) {
      const fields = new URLSearchParams(body);
      // Only a plain new deal at the end of the sheet waits in the outbox; an insertion is made online.
      if (!fields.get("client_token") || fields.get("before") || fields.get("deal")) throw error;
      return keep({
        token: fields.get("client_token"),
        number: parseInt(fields.get("number") || "0", 10) || 0,
        body: body,
        session: sessionPath,
        dealUrl: sessionPath + "deal/",
        label: "",
        user: "",
        at: Date.now(),
        held: false,
      });
    }).then(function () {
      return Response.redirect(sessionPath + "#offline", 303); // to the list of what waits
    });
  });
}

// The outbox (openOutbox() comes from outbox.js, which the served worker imports first).
function keep(deal) {
  return openOutbox().then(function (db) {
    return new Promise(function (resolve, reject) {
      const transaction = db.transaction("outbox", "readwrite");
      const store = transaction.objectStore("outbox");
      const lookup = store.index("token").get(deal.token);
      lookup.onsuccess = function () {
        if (lookup.result) {
          // Already waiting (a resend that failed again): it keeps its place, its owner and its label.
          store.put(Object.assign({}, lookup.result, {body: deal.body, number: deal.number, held: false}));
        } else {
          store.add(deal);
        }
      };
      transaction.oncomplete = function () { db.close(); resolve(); };
      transaction.onerror = function () { db.close(); reject(transaction.error); };
    });
  });
}

self.addEventListener("message", function (event) {
  if (event.data === "forget-pages") {
    event.waitUntil(caches.delete(PAGES));
  }
});
