// The season form shows only the ranking fields the chosen mode takes (all of them without JavaScript).
(() => {
  const mode = document.getElementById("id_mode");
  if (!mode) return;
  const show = () => {
    for (const field of document.querySelectorAll("[data-modes]")) {
      field.hidden = !field.dataset.modes.split(" ").includes(mode.value);
    }
  };
  mode.addEventListener("change", show);
  show();
})();
