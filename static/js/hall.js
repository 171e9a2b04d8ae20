// The hall screen scrolls through a long ranking by itself, top to bottom and back, unless motion is unwanted. The
// ranking's column headings stay in view just under the head (the title, the round and its clock: app.css).
(() => {
  const box = document.getElementById("hall");
  const head = document.querySelector(".hall-head");
  if (head) {
    const pad = () => document.documentElement.style.setProperty("--hall-head-height", `${head.offsetHeight}px`);
    pad();
    new ResizeObserver(pad).observe(head);
  }
  if (!box || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  let direction = 1;
  setInterval(() => {
    const end = document.documentElement.scrollHeight - window.innerHeight;
    if (end <= 0) return;
    if (window.scrollY >= end - 1) direction = -1;
    else if (window.scrollY <= 0) direction = 1;
    window.scrollBy(0, direction > 0 ? 2 : -end);  // down slowly, back to the top at once
  }, 50);
})();
