// A game in the page: a card with several moves picks out its moves (only that card's: twins
// have moves of their own), an open cell of a grid the moves onto it (those of the card picked,
// if one is), and the keyboard plays: type a move's number, Enter plays it, Esc clears what was
// picked or typed.
"use strict";

function showMoves(numbers) {
  for (const move of document.querySelectorAll("button.move")) {
    move.hidden = numbers !== null && !numbers.has(move.dataset.number);
    move.classList.remove("typed");
  }
}

function clearChoice() {
  for (const cell of document.querySelectorAll(".cell-moves.chosen")) cell.classList.remove("chosen");
  for (const card of document.querySelectorAll("figure.chosen")) {
    card.classList.remove("chosen");
    const pick = card.querySelector(".pick");
    if (pick) pick.setAttribute("aria-pressed", "false");
  }
  showMoves(null);
}

function choose(card) {
  const already = card.classList.contains("chosen");
  clearChoice();
  if (already) return;
  card.classList.add("chosen");
  card.querySelector(".pick").setAttribute("aria-pressed", "true");
  showMoves(new Set(card.dataset.moves.split(" ")));
  const first = document.querySelector("button.move:not([hidden])");
  if (first) first.scrollIntoView({ block: "nearest" });
}

function chooseCell(cell) {
  const numbers = cell.dataset.moves.split(" ");
  const card = document.querySelector("figure.chosen");
  const ofCard = card ? new Set(card.dataset.moves.split(" ")) : null;
  for (const other of document.querySelectorAll(".cell-moves.chosen")) other.classList.remove("chosen");
  cell.classList.add("chosen");
  showMoves(new Set(numbers.filter((n) => ofCard === null || ofCard.has(n))));
  const first = document.querySelector("button.move:not([hidden])");
  if (first) first.focus();
}

function pressable(element, action) {
  element.addEventListener("click", action);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      action();
    }
  });
}

let typed = "";
let typedAt = 0;

function typeDigit(digit) {
  const now = Date.now();
  typed = now - typedAt < 1200 ? typed + digit : digit;
  typedAt = now;
  let move = document.querySelector(`button.move[data-number="${typed}"]`);
  if (!move) {
    typed = digit;
    move = document.querySelector(`button.move[data-number="${typed}"]`);
  }
  for (const other of document.querySelectorAll("button.move.typed")) other.classList.remove("typed");
  if (!move) return;
  move.hidden = false;
  move.classList.add("typed");
  move.focus();
}

document.addEventListener("DOMContentLoaded", () => {
  for (const pick of document.querySelectorAll("figure.playable .pick")) {
    const card = pick.closest("figure");
    pressable(pick, () => choose(card));
  }
  for (const cell of document.querySelectorAll(".cell-moves")) pressable(cell, () => chooseCell(cell));
  if (!document.querySelector("button.move")) return;
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      typeDigit(event.key);
    } else if (event.key === "Enter") {
      const move = document.querySelector("button.move.typed");
      if (move && target !== move) {
        event.preventDefault();
        move.click();
      }
    } else if (event.key === "Escape") {
      typed = "";
      clearChoice();
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    }
  });
});
