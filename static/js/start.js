// The start form: seat an earlier table at once, and name the rule set "custom (based on …)" once an option differs
// from its preset. Each option's input carries its preset value as JSON in data-preset; each preset <option> its
// custom name in data-custom and its own in data-name (see SessionStartForm).
(function () {
  "use strict";

  function differs(input) {
    var preset = JSON.parse(input.dataset.preset);
    if (input.type === "checkbox") {
      return (Array.isArray(preset) ? preset.indexOf(input.value) >= 0 : preset) !== input.checked;
    }
    return (preset === null ? "" : String(preset)) !== input.value;
  }

  function namePresets(form) {
    form.querySelectorAll("select[data-options]").forEach(function (select) {
      var group = form.querySelector('[data-options="' + select.dataset.options + '"]:not(select)');
      if (!group) return;
      var custom = Array.prototype.some.call(group.querySelectorAll("[data-preset]"), differs);
      Array.prototype.forEach.call(select.options, function (option) {
        option.textContent = option.selected && custom ? option.dataset.custom : option.dataset.name;
      });
      var shown = group.querySelector("[data-preset-name]");
      if (shown) shown.textContent = select.options[select.selectedIndex].textContent;
    });
  }

  function seatTable(select) {
    var option = select.options[select.selectedIndex];
    var members = option.dataset.seats ? option.dataset.seats.split(",") : [];
    var form = document.querySelector(".start-form");
    form.querySelectorAll('select[name^="seat_"]').forEach(function (seat, i) {
      seat.value = members[i] || "";
      var guest = form.querySelector('[name="guest_' + i + '"]');
      if (guest) guest.value = "";
    });
  }

  function start() {
    var form = document.querySelector(".start-form");
    if (!form) return;
    var tables = document.querySelector("[data-same-table]");
    if (tables) {
      document.querySelector("[data-same-table-button]").hidden = true;
      tables.addEventListener("change", function () { seatTable(tables); });
    }
    form.addEventListener("input", function () { namePresets(form); });
    form.addEventListener("change", function () { namePresets(form); });
    document.body.addEventListener("htmx:afterSwap", function () { namePresets(form); });
    namePresets(form);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
