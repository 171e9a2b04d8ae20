// The rule engine on the phone: the server's own Python modules (scorekeeper/engine and what the phone needs around
// it, scorekeeper/phone), run in the browser's Python (Pyodide, static/vendor/pyodide). No rule is written here.
//
// - keep(): while online, the runtime, the modules and the words of the page's language go into the service
//   worker's engine cache once per version (/phone/engine.json names them), so that they are there offline.
// - evening(table, changes): started on first use (never before the page is interactive), then the modules'
//   scorekeeper.phone.evening works out the session's stored deals and the changes waiting on this phone.
//   Starting Python is most of the cost (seconds on a slow phone, on every page): the first start keeps the
//   runtime's memory once the modules are imported (Pyodide's memory snapshot, made on the phone, never
//   downloaded), and each later page starts from it in a fraction of that.
//   Resolves to null where the phone cannot run it (an old browser, too little memory): the page then says
//   "value when back online", as before.
window.SchreiberEngine = (function () {
  "use strict";
  const MANIFEST = "/phone/engine.json";
  const ENGINE = "schreiber-engine-v1"; // as in sw.js
  const HOME = "/home/pyodide/app/";
  const SETTLE = 2000; // ms a page stays open before the engine's files are fetched
  const PATIENCE = 60000; // a runtime that cannot compile its WebAssembly never settles: given up after this
  let started = null;

  function usable() {
    return typeof WebAssembly === "object" && "caches" in window && typeof fetch === "function";
  }

  // What this version's files are; kept with them (the worker may not control the page that keeps them yet).
  function manifest(keeping) {
    return fetch(MANIFEST, {credentials: "same-origin"}).then(function (response) {
      if (!response.ok) throw new Error("no engine manifest: " + response.status);
      const copy = keeping ? keeping.put(MANIFEST, response.clone()) : null;
      return Promise.resolve(copy).then(function () { return response.json(); });
    });
  }

  function language() {
    return document.documentElement.lang || "de";
  }

  // Once the page has stayed open a moment after loading and the phone is idle: the scorer's first taps never
  // wait for the download, and a page left at once does not start it.
  function idle() {
    return new Promise(function (resolve) {
      const later = function () {
        setTimeout(function () {
          if (window.requestIdleCallback) requestIdleCallback(resolve, {timeout: 5000});
          else resolve();
        }, SETTLE);
      };
      if (document.readyState === "complete") later();
      else window.addEventListener("load", later, {once: true});
    });
  }

  // Every file of this version, fetched once (the worker keeps them in its engine cache as they pass).
  function keep() {
    if (!usable() || !navigator.onLine) return Promise.resolve();
    return idle().then(function () { return caches.open(ENGINE); }).then(function (cache) {
      return manifest(cache).then(function (found) {
        const words = found.words[language()];
        return cache.match(words).then(function (hit) {
          if (hit) return null; // this version's files are kept already
          forgetOtherVersions(cache, found.version);
          const urls = found.runtime_files.map(function (name) { return found.runtime + name; }).concat(found.files);
          return Promise.all(urls.map(function (url) {
            return cache.match(url).then(function (kept) { return kept || cache.add(url); });
          })).then(function () { return cache.add(words); });
        });
      });
    }).catch(function () { /* tried again after the next change */ });
  }

  function forgetOtherVersions(cache, version) {
    cache.keys().then(function (keys) {
      keys.forEach(function (key) {
        const path = new URL(key.url).pathname;
        if (/^\/phone\/[0-9a-f]+\//.test(path) && !path.startsWith("/phone/" + version + "/")) cache.delete(key);
      });
    });
  }

  function start() {
    if (!started) {
      const late = new Promise(function (resolve) { setTimeout(function () { resolve(null); }, PATIENCE); });
      started = usable() ? Promise.race([load(), late]).catch(function () { return null; }) : Promise.resolve(null);
    }
    return started;
  }

  function load() {
    return manifest().then(function (found) {
      const words = fetch(found.words[language()], {credentials: "same-origin"}).then(function (r) { return r.text(); });
      const python = import(found.runtime + "pyodide.mjs").then(function (module) {
        return fromSnapshot(module, found).catch(function () { return imported(module, found); });
      });
      return Promise.all([python, words]).then(function (loaded) {
        return {work: loaded[0].pyimport(found.entry).evening_json, words: loaded[1]};
      });
    });
  }

  function snapshotKey(found) {
    return "/phone/" + found.version + "/python-snapshot"; // forgotten with the version's files (keep())
  }

  // Python as the first start left it, the modules imported; rejects when there is no such state kept.
  function fromSnapshot(module, found) {
    return caches.open(ENGINE).then(function (cache) {
      return cache.match(snapshotKey(found)).then(function (kept) {
        if (!kept) throw new Error("no snapshot");
        return kept.arrayBuffer().then(function (bytes) {
          return module.loadPyodide({indexURL: found.runtime, fullStdLib: false, _loadSnapshot: new Uint8Array(bytes)})
            .catch(function (error) {
              cache.delete(snapshotKey(found)); // a state this runtime cannot start from: made again
              throw error;
            });
        });
      });
    });
  }

  // Python started afresh with the modules written to its file system and imported; its state kept for next time.
  function imported(module, found) {
    const files = Promise.all(found.files.map(function (url) {
      return fetch(url, {credentials: "same-origin"}).then(function (response) {
        if (!response.ok) throw new Error("engine file " + url + ": " + response.status);
        return response.arrayBuffer().then(function (bytes) { return [url, bytes]; });
      });
    }));
    const python = module.loadPyodide({indexURL: found.runtime, fullStdLib: false, _makeSnapshot: true});
    return Promise.all([python, files]).then(function (loaded) {
      const started = loaded[0];
      const prefix = "/phone/" + found.version + "/";
      loaded[1].forEach(function (file) {
        const path = HOME + file[0].slice(prefix.length);
        started.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        started.FS.writeFile(path, new Uint8Array(file[1]));
      });
      started.runPython("import sys\nsys.path.insert(0, " + JSON.stringify(HOME) + ")\nimport " + found.entry);
      try {
        const state = started.makeMemorySnapshot();
        caches.open(ENGINE).then(function (cache) { return cache.put(snapshotKey(found), new Response(state)); })
          .catch(function () { /* too little room: the next page starts afresh too */ });
      } catch (error) { /* not kept: the next page starts afresh too */ }
      return started;
    });
  }

  // The changes worked out against the table (a session's phone.json), or null where the engine cannot run.
  function evening(table, changes) {
    return start().then(function (engine) {
      if (!engine) return null;
      return JSON.parse(engine.work(JSON.stringify(table), JSON.stringify(changes), engine.words));
    });
  }

  return {keep: keep, start: start, evening: evening};
})();
