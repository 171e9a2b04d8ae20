// Every page: what the app needs from the browser besides htmx, without inline script (the CSP forbids it).
(function () {
  "use strict";
  // A sheet polls for changes every few seconds; not while the phone is locked or the tab is in the background.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden && event.detail.elt.hasAttribute("data-poll")) event.preventDefault();
  });
})();
