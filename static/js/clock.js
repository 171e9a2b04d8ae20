// A round clock (scorekeeper/includes/clock.html) counts down from the seconds left the server gave with the page,
// on this device's own clock from the moment it came (a device set wrong still shows the hall's time). Every answer
// to a poll may carry the clock again (the X-Clock header: "seconds state"), and a hall screen's poll brings new
// clocks: either way the count starts again from the server's, so a pause or an extension shows within a poll.
(function () {
  "use strict";
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function shown(seconds) {  // as the clock filter in scorekeeper/templatetags/sheet.py
    var hours = Math.floor(seconds / 3600), minutes = Math.floor((seconds % 3600) / 60), rest = seconds % 60;
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : minutes + ":" + two(rest);
  }
  function set(clock, remaining, state) {
    clock.held = remaining;
    clock.deadline = Date.now() + remaining * 1000;
    clock.dataset.state = state;
  }
  function tick() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-clock]"), function (clock) {
      if (clock.deadline === undefined) set(clock, Number(clock.dataset.remaining), clock.dataset.state);
      var state = clock.dataset.state;
      var left = state === "running" ? Math.max(0, Math.ceil((clock.deadline - Date.now()) / 1000)) : clock.held;
      var text = state === "called" ? clock.dataset.called : left > 0 ? shown(left) : clock.dataset.up;
      var time = clock.querySelector(".clock-time"), words = clock.querySelector(".clock-state");
      if (time.textContent !== text) time.textContent = text;
      words.textContent = clock.dataset[state] || "";
      ["waiting", "running", "paused", "called"].forEach(function (name) {
        clock.classList.toggle(name, name === state);
      });
      clock.classList.toggle("up", left === 0 && state !== "called");
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var header = event.detail.xhr && event.detail.xhr.getResponseHeader("X-Clock");
    if (!header) return;
    var parts = header.split(" ");
    Array.prototype.forEach.call(document.querySelectorAll("[data-clock]"), function (clock) {
      set(clock, Number(parts[0]), parts[1]);
    });
    tick();
  });
  tick();
  window.setInterval(tick, 1000);
})();
