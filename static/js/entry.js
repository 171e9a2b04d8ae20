// Deal entry: show only what the chosen contract needs, move on by itself, quick buttons and steppers.
// Everything works without this script too (all fields shown); it only saves taps.
(function () {
  "use strict";
  const form = document.getElementById("deal-form");
  if (!form) return;
  const controls = Array.from(form.querySelectorAll(".control[data-types]"));
  const more = document.getElementById("more");

  function chosenType() {
    const checked = form.querySelector("input[name=contract_type]:checked");
    return checked ? checked.value : "";
  }

  function showFor(type) {
    controls.forEach(function (control) {
      const applies = control.dataset.types.split(" ").includes(type);
      control.hidden = !applies;
      control.querySelectorAll("input, select, button").forEach(function (input) { input.disabled = !applies; });
    });
    if (more) more.hidden = !more.querySelector(".control:not([hidden])");
  }

  function hasValue(control) {
    return Array.from(control.querySelectorAll("input")).some(function (input) {
      return (input.type === "radio" || input.type === "checkbox") ? input.checked && input.value !== "" : input.value !== "";
    });
  }

  function isPlayerControl(control) {
    return control.classList.contains("control-player") || control.classList.contains("control-players");
  }

  // After a player field is filled, go to the next player field, else to the points.
  function advance(current) {
    const visible = controls.filter(function (c) { return !c.hidden && !c.closest("details:not([open])"); });
    const after = visible.slice(visible.indexOf(current) + 1);
    const nextPlayer = after.find(function (c) { return isPlayerControl(c) && !hasValue(c); });
    if (nextPlayer) { nextPlayer.scrollIntoView({block: "center", behavior: "smooth"}); return; }
    const points = after.find(function (c) { return c.classList.contains("control-points"); });
    const input = points && points.querySelector("input");
    if (input && input.value === "") input.focus();
  }

  function full(control) {
    const most = control.classList.contains("control-players") ? (chosenType() === "solo" ? 1 : 2) : 1;
    return control.querySelectorAll("input:checked").length >= most;
  }

  // Über Kreuz the seating decides the partner: choosing the declarer ticks the player opposite.
  const seatedPartners = JSON.parse((document.getElementById("seated-partners") || {}).textContent || "{}");

  function tickSeatedPartner(declarer) {
    const partner = (seatedPartners[chosenType()] || {})[declarer];
    const chip = partner && form.querySelector('input[name=partner][value="' + CSS.escape(partner) + '"]');
    if (chip && !chip.checked) {
      chip.checked = true;
      chip.dispatchEvent(new Event("change", {bubbles: true}));
    }
  }

  form.addEventListener("change", function (event) {
    const target = event.target;
    if (target.name === "contract_type") {
      showFor(target.value);
      const declarer = form.querySelector("input[name=declarer]:checked");
      if (declarer) tickSeatedPartner(declarer.value);
      return;
    }
    if (target.name === "declarer") tickSeatedPartner(target.value);
    const control = target.closest(".control");
    if (control && (isPlayerControl(control) || control.classList.contains("control-choice")) && full(control)) {
      advance(control);
    }
  });

  form.addEventListener("click", function (event) {
    const quick = event.target.closest(".quick-set");
    if (quick) {
      const input = document.getElementById(quick.dataset.target);
      input.value = quick.dataset.value;
      input.dispatchEvent(new Event("change", {bubbles: true}));
      return;
    }
    const step = event.target.closest(".step");
    if (step) {
      const stepper = step.closest(".stepper");
      const input = stepper.querySelector("input");
      const most = parseInt(stepper.dataset.most || "99", 10);
      const value = Math.max(0, Math.min(most, (parseInt(input.value || "0", 10) || 0) + parseInt(step.dataset.step, 10)));
      input.value = value;
      showWords(stepper);
      input.dispatchEvent(new Event("change", {bubbles: true}));
    }
  });

  function showWords(stepper) {
    const words = stepper.querySelector(".step-words");
    if (!words) return;
    const n = parseInt(stepper.querySelector("input").value || "0", 10) || 0;
    words.textContent = words.dataset.words.split(",").slice(0, n).join(" · ");
  }

  // Back after a save may show this page from the browser's memory: fetch a fresh form instead. And when this
  // page answered a post (a conflict, an error), make its history entry a plain visit, so that Back neither
  // asks to send the form again nor sends it.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) window.location.reload();
  });
  window.history.replaceState(window.history.state, "", window.location.href);

  // A second submit (double tap) while the first is on its way would only be refused by the server.
  form.addEventListener("submit", function () {
    const save = document.getElementById("save-deal");
    if (save) setTimeout(function () { save.disabled = true; }, 0);
  });

  document.querySelectorAll(".stepper").forEach(showWords);
  showFor(chosenType());
  if (!form.querySelector(".has-error")) {
    const first = controls.find(function (c) { return !c.hidden; });
    if (first && first.classList.contains("control-points")) first.querySelector("input").focus();
  }
})();
