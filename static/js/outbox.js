// The outbox: deals saved while offline, kept on the phone until they are sent. One IndexedDB database that both
// the pages (offline.js) and the service worker (sw.js, which imports this file) open; each deal once, by its
// client token, in the order kept.
"use strict";

function openOutbox() {
  return new Promise(function (resolve, reject) {
    const opening = indexedDB.open("schreiber", 1);
    opening.onupgradeneeded = function () {
      const store = opening.result.createObjectStore("outbox", {keyPath: "id", autoIncrement: true});
      store.createIndex("token", "token", {unique: true});
    };
    opening.onsuccess = function () { resolve(opening.result); };
    opening.onerror = function () { reject(opening.error); };
  });
}
