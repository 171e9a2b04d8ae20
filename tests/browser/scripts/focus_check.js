// What a sighted keyboard user sees of the focused control (WCAG 2.4.7, 2.4.11, 1.4.11: ring, edge, in view): returns a description of
// the control and a list of problems, empty when the focus is shown well. Evaluated by the browser tests.
() => {
  "use strict";
  const focused = document.activeElement;
  if (!focused || focused === document.body) return {control: "body", problems: ["nothing has focus"]};

  // A chip's radio or checkbox is invisible: the chip around it carries the ring.
  const shown = focused.matches(".chip input") ? focused.closest(".chip") : focused;
  const name = focused.getAttribute("aria-label") || (focused.labels && focused.labels[0] ? focused.labels[0].textContent : "") ||
    focused.textContent || focused.name || focused.tagName;
  const control = `${focused.tagName.toLowerCase()}[name=${focused.name || ""}] "${name.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const problems = [];

  function channel(value) {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  function rgb(color) {
    const m = color.match(/rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/);
    if (!m) return null;
    return {r: +m[1], g: +m[2], b: +m[3], a: m[4] === undefined ? 1 : +m[4]};
  }
  function luminance(c) { return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b); }
  function contrast(a, b) {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }
  // The colour the ring is drawn on: the first opaque background outside the control.
  function backgroundAround(element) {
    for (let e = element.parentElement; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c && c.a === 1) return c;
    }
    return rgb(getComputedStyle(document.documentElement).backgroundColor) || {r: 255, g: 255, b: 255, a: 1};
  }

  const style = getComputedStyle(shown);
  const width = parseFloat(style.outlineWidth);
  const color = rgb(style.outlineColor);
  if (style.outlineStyle === "none" || !(width >= 2) || !color) {
    problems.push(`no focus ring (outline ${style.outlineStyle} ${style.outlineWidth})`);
  } else {
    const ratio = contrast(color, backgroundAround(shown));
    if (ratio < 3) problems.push(`focus ring contrast ${ratio.toFixed(2)}:1`);
  }

  // The control's own edge, where it has one, tells it from what is around it (1.4.11).
  const edge = rgb(style.borderTopColor);
  if (parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== "none" && edge && edge.a === 1) {
    const ratio = contrast(edge, backgroundAround(shown));
    if (ratio < 3) problems.push(`border contrast ${ratio.toFixed(2)}:1`);
  }

  // Fully in view, and nothing painted over it (a sticky bar, a menu): the topmost element at its corners and centre
  // is the control itself or inside it.
  const box = shown.getBoundingClientRect();
  const ring = Math.max(0, parseFloat(style.outlineOffset)) + (width || 0);
  if (box.top - ring < 0 || box.left - ring < 0 || box.bottom + ring > innerHeight || box.right + ring > innerWidth) {
    problems.push(`outside the viewport (${Math.round(box.top)}..${Math.round(box.bottom)} of ${innerHeight})`);
  } else {
    const [x0, x1, y0, y1] = [box.left + 1, box.right - 1, box.top + 1, box.bottom - 1];
    for (const [x, y] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1], [(x0 + x1) / 2, (y0 + y1) / 2]]) {
      const top = document.elementFromPoint(x, y);
      if (top && !shown.contains(top) && !top.contains(shown)) {
        const cover = top.closest(".topbar, .entry-actions, .entry-bar") || top;
        problems.push(`covered by ${cover.tagName.toLowerCase()}.${String(cover.className).split(" ")[0]}`);
        break;
      }
    }
  }
  return {control, problems};
}
