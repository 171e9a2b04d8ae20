// Deal entry: show only what the chosen contract needs, move on by itself, quick buttons.
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
    // A count chip offered only in some contracts (Laufende from 3 in a Sauspiel, from 2 in a Wenz).
    form.querySelectorAll(".chip[data-types]").forEach(function (chip) {
      const input = chip.querySelector("input");
      const applies = chip.dataset.types.split(" ").includes(type);
      chip.hidden = !applies;
      input.disabled = input.disabled || !applies;
      if (!applies && input.checked) {
        input.checked = false;
        const none = chip.parentElement.querySelector('input[value="0"]');
        if (none) none.checked = true;
      }
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

  // After a player field is filled, bring the next player field, else the points, into view. Focus stays where
  // the scorer put it: a choice never moves it (and a focused number field would open the phone's keyboard).
  function advance(current) {
    const visible = controls.filter(function (c) { return !c.hidden && !c.closest("details:not([open])"); });
    const after = visible.slice(visible.indexOf(current) + 1);
    const next = after.find(function (c) { return isPlayerControl(c) && !hasValue(c); }) ||
      after.find(function (c) { return c.classList.contains("control-points"); });
    if (next) next.scrollIntoView({block: "center", behavior: smooth()});
  }

  function smooth() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
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

  // Doppelkopf: a solo of a player who still owes his Pflichtsolo is it (TSR 4.3.1); ticked once per soloist,
  // so that the scorer can untick it.
  const owing = JSON.parse((document.getElementById("pflichtsolo-owing") || {}).textContent || "[]");
  let tickedFor = null;

  function tickPflichtsolo() {
    const soloist = form.querySelector("input[name=re]:checked");
    const forced = form.querySelector("input[name=forced]");
    if (chosenType() !== "solo" || !soloist || !forced || soloist.value === tickedFor) return;
    tickedFor = soloist.value;
    forced.checked = owing.includes(soloist.value);
  }

  // A keyboard user moves on with Tab and the page follows the focus; scrolling for him would carry the focused
  // choice out of sight (under the top bar). Only a tap brings the next choice into view.
  let byKeyboard = false;
  form.addEventListener("keydown", function () { byKeyboard = true; });
  form.addEventListener("pointerdown", function () { byKeyboard = false; });

  form.addEventListener("change", function (event) {
    const target = event.target;
    if (target.name === "contract_type") {
      showFor(target.value);
      const declarer = form.querySelector("input[name=declarer]:checked");
      if (declarer) tickSeatedPartner(declarer.value);
      tickPflichtsolo();
      return;
    }
    if (target.name === "declarer") tickSeatedPartner(target.value);
    if (target.name === "re") tickPflichtsolo();
    const control = target.closest(".control");
    if (!byKeyboard && control && (isPlayerControl(control) || control.classList.contains("control-choice")) &&
        full(control)) {
      advance(control);
    }
  });

  // A stepper (Sonderpunkte): the chip adds one, after the most it starts again at none; "−" takes one off. The
  // chip shows the count, says it (aria-pressed, its name) and the count is read out in the control's live region.
  function drawStepper(stepper) {
    const count = Number(stepper.querySelector("input").value) || 0;
    const add = stepper.querySelector(".step-add");
    add.querySelector(".step-count").textContent = String(count);
    add.setAttribute("aria-pressed", String(count > 0));
    stepper.querySelector(".step-off").setAttribute("aria-disabled", String(count === 0));
  }

  function step(button) {
    const stepper = button.closest(".stepper");
    const input = stepper.querySelector("input");
    const most = Number(stepper.dataset.most) || 1;
    const count = Number(input.value) || 0;
    const next = button.classList.contains("step-add") ? (count >= most ? 0 : count + 1) : Math.max(count - 1, 0);
    if (next === count) return;
    input.value = next ? String(next) : "";
    drawStepper(stepper);
    const news = stepper.closest(".control").querySelector(".step-news");
    if (news) news.textContent = button.closest(".stepper").querySelector(".step-add").textContent.replace(/\s+/g, " ").trim();
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }

  // Numbers per player that add up to a total (card points): the one box left open is filled in as the rest (all
  // left open, with 0, once the total is reached), and refilled while not typed in; the scorer types one fewer.
  function fillRest(group, typedIn) {
    const boxes = Array.from(group.querySelectorAll("input"));
    delete typedIn.dataset.rest;
    boxes.filter(function (box) { return box.dataset.rest; }).forEach(function (box) {
      box.value = "";
      delete box.dataset.rest;
    });
    if (typedIn.value === "") return; // being retyped: never filled under the scorer's thumb
    const open = boxes.filter(function (box) { return box.value === ""; });
    const sum = boxes.reduce(function (total, box) { return total + (Number(box.value) || 0); }, 0);
    const rest = Number(group.dataset.total) - sum;
    if (rest < 0 || (open.length !== 1 && rest !== 0)) return;
    open.forEach(function (box) {
      box.value = String(rest);
      box.dataset.rest = "1";
    });
  }

  form.addEventListener("input", function (event) {
    const group = event.target.closest(".per-player[data-total]");
    if (group) fillRest(group, event.target);
  });

  form.addEventListener("schreiber:draft-restored", function () {
    form.querySelectorAll(".stepper").forEach(drawStepper);
  });

  form.addEventListener("click", function (event) {
    const stepButton = event.target.closest(".step-add, .step-off");
    if (stepButton) {
      step(stepButton);
      return;
    }
    const quick = event.target.closest(".quick-set");
    if (!quick) return;
    const input = document.getElementById(quick.dataset.target);
    input.value = quick.dataset.value;
    input.dispatchEvent(new Event("change", {bubbles: true}));
  });

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

  // The value beside Save is redrawn as the scorer taps: keep its explanation open if it was.
  const preview = document.getElementById("preview");
  let explained = false;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target !== preview) return;
    const details = preview.querySelector("details");
    explained = Boolean(details && details.open);
  });
  document.body.addEventListener("htmx:afterSwap", function (event) {
    const details = event.detail.target === preview && preview.querySelector("details");
    if (details) details.open = explained;
  });

  showFor(chosenType());
  // Opened by tapping a player on the scoreboard: that player leads; bring the next choice into view.
  const led = new URLSearchParams(window.location.search).has("lead") &&
    controls.find(function (c) { return !c.hidden && isPlayerControl(c) && hasValue(c); });
  if (led) advance(led);
  if (!form.querySelector(".has-error")) {
    const first = controls.find(function (c) { return !c.hidden; });
    if (first && first.classList.contains("control-points")) first.querySelector("input").focus();
  }
})();
