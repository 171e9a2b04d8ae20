// The sheet while changes wait on this phone (offline.js tells): the engine itself (engine.js)
// replays the stored deals and the waiting changes as the server will, and the sheet shows each line they make or
// move (marked as waiting), the totals, who deals next and who sits out, the pot and the Pflichtsolo round.
// No rule here: every number and word comes from scorekeeper/phone/evening.py. The lines are drawn as
// sheet_line.html draws them. The server's sheet replaces them once it has the changes (the poll swaps it).
(function () {
  "use strict";
  const offline = window.SchreiberOffline;
  const root = document.getElementById("offline");
  if (!offline || !root || !document.getElementById("sheet")) return;
  const text = offline.text;
  const fill = offline.fill;
  const element = offline.element;
  const signed = offline.signed;
  let waiting = [];
  let asked = 0;

  function sign(value) {
    return value > 0 ? "pos" : value < 0 ? "neg" : "zero";
  }

  function redraw() {
    const sheet = document.getElementById("sheet");
    if (!waiting.length || !sheet) return;
    const ask = ++asked;
    offline.workOut(sheet.dataset.revision, waiting).then(function (found) {
      if (found && ask === asked) draw(sheet, found.table, found.worked);
    });
  }

  function draw(sheet, found, worked) {
    const players = found.players;
    const next = worked.next;
    drawScoreboard(sheet, players, next);
    drawPflichtsolo(sheet, next.pflichtsolo);
    const empty = sheet.querySelector(".empty-sheet");
    const head = document.getElementById("sheet-table-head");
    if (empty && head && worked.rows.length) empty.replaceWith(head.content.cloneNode(true)); // the first deals
    const tableElement = sheet.querySelector(".sheet-table table");
    if (tableElement) {
      worked.rows.forEach(function (row) { putLine(tableElement, line(row, players)); });
      Array.prototype.slice.call(tableElement.tBodies).forEach(function (body) {
        if (Number(body.dataset.number) >= next.number) body.remove();
      });
    }
    sheet.dataset.count = String(next.number - 1);
    // What the engine found wrong with a waiting change, beside it in the list of what waits.
    worked.changes.forEach(function (change) {
      const item = root.querySelector(".offline-outbox li[data-token='" + change.token + "']");
      if (item && change.problems && !item.querySelector(".outbox-problem")) {
        item.append(" ", element("span", "outbox-problem", change.problems.join(" ")));
      }
    });
  }

  function drawScoreboard(sheet, players, next) {
    const pot = sheet.querySelector(".scoreboard li.pot .total");
    if (pot) pot.textContent = String(next.pot);
    sheet.querySelectorAll(".scoreboard li:not(.pot)").forEach(function (entry, at) {
      const player = players[at]; // the scoreboard lists the sheet's players in their order
      const total = entry.querySelector(".total");
      if (player === undefined || !total) return;
      total.textContent = signed(next.totals[player]);
      total.className = "total " + sign(next.totals[player]);
      entry.classList.toggle("dealer", player === next.dealer);
      let mark = entry.querySelector(".deals-next");
      if (player === next.dealer && !mark) {
        mark = element("span", "deals-next", text.deals);
        (entry.querySelector("a.lead") || entry).insertBefore(mark, total.nextSibling);
      } else if (player !== next.dealer && mark) {
        mark.remove();
      }
    });
  }

  function drawPflichtsolo(sheet, round) {
    const box = sheet.querySelector(".pflichtsolo");
    if (!box || !round) return;
    const says = box.dataset; // the box's own words
    const games = fill(round.games_left === 1 ? says.gamesLeftOne : says.gamesLeftOther, {n: round.games_left});
    const owed = round.owing.length ? fill(says.owed, {names: round.owing.join(", ")}) : says.done;
    const first = box.querySelector("p");
    first.replaceChildren(element("strong", "", fill(says.round, {n: round.number})), " · " + games + " · " + owed);
    box.classList.toggle("warn", round.vorgefuehrt);
  }

  // One deal of the sheet as sheet_line.html draws it; a line a waiting change made says so.
  function line(row, players) {
    const body = document.createElement("tbody");
    body.dataset.number = row.number;
    const result = row.result;
    const flags = (result.marks.indexOf("solo") >= 0 ? " solo" : "") + (result.marks.indexOf("bock") >= 0 ? " bock" : "");
    if (row.waiting) body.className = "waiting";
    const top = element("tr", "deal-line m-only" + flags);
    const number = element("td", "num", String(row.number));
    number.rowSpan = 2;
    const game = element("td", "game");
    game.colSpan = players.length + (sheetHasPot() ? 1 : 0);
    game.append.apply(game, gameParts(row, true));
    top.append(number, game);
    const scores = element("tr", "score-line" + flags);
    const gameWide = element("td", "game d-only");
    gameWide.append.apply(gameWide, gameParts(row, false));
    scores.append(element("td", "num d-only", String(row.number)), gameWide, element("td", "num value d-only", String(result.value)));
    players.forEach(function (player, at) {
      const out = result.out.indexOf(player) >= 0;
      const away = (result.away || []).indexOf(player) >= 0;
      const cell = element("td", "num cell" + (result.declarers.indexOf(player) >= 0 ? " declared" : "") + (out || away ? " out" : ""));
      const total = result.totals[at];
      const delta = element("small", "delta", away ? "·" : out ? "–" : signed(result.deltas[at]));
      if (player === result.dealer) delta.append(" ", element("span", "dealer-dot", "●"));
      cell.append(element("span", "total " + sign(total), String(total)), delta);
      scores.appendChild(cell);
    });
    if (sheetHasPot()) scores.appendChild(element("td", "num", String(result.pot)));
    body.append(top, scores);
    return body;
  }

  function gameParts(row, withValue) {
    const parts = [element("span", "contract", row.label)];
    if (withValue && row.result.value) parts.push(" ", element("span", "inline-value", String(row.result.value)));
    if (row.result.declarers.length) parts.push(" ", element("span", "who", row.result.declarers.join(" + ")));
    if (row.explanation) parts.push(" ", element("span", "explain", row.explanation));
    if (row.waiting) parts.push(" ", element("span", "tag waiting-tag", text.waiting));
    return parts;
  }

  function sheetHasPot() {
    return !!document.querySelector("#sheet .scoreboard li.pot");
  }

  // In its place by number, newest first, as a poll's patch puts a line in (app.js).
  function putLine(tableElement, body) {
    const number = Number(body.dataset.number);
    const lines = Array.prototype.slice.call(tableElement.tBodies);
    const same = lines.filter(function (old) { return Number(old.dataset.number) === number; })[0];
    if (same) {
      same.replaceWith(body);
      return;
    }
    const older = lines.filter(function (old) { return Number(old.dataset.number) < number; })[0];
    tableElement.insertBefore(body, older || null);
  }

  offline.whenWaiting(function (items) {
    waiting = items;
    redraw();
  });
  // A poll's sheet (online, while a change is held back) is the server's: what still waits is drawn on it again.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.elt && event.detail.elt.id === "sheet") redraw();
  });
})();
