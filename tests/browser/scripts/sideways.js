// What scrolls sideways on the page: the page itself, or a box that is not a labelled region a keyboard can scroll.
// A genuinely wide table may scroll inside such a region (WCAG 1.4.10).
() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth - root.clientWidth}px too wide`);
  for (const box of document.querySelectorAll("body *")) {
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
    if (!scrolls || box.scrollWidth <= box.clientWidth + 1) continue;
    const labelled = box.hasAttribute("aria-label") || box.hasAttribute("aria-labelledby");
    const region = box.getAttribute("role") === "region" && box.tabIndex === 0 && labelled;
    if (region) continue;
    const name = [box.tagName.toLowerCase(), ...box.classList].join(".");
    found.push(`${name} scrolls ${box.scrollWidth - box.clientWidth}px sideways`);
  }
  return found;
}
