// A seat at a table reloads its page when the table changes (the stream says only that);
// a position file chosen in the page is read into the form that sends it; arrow keys step
// through a replay.
"use strict";

function followTable() {
  const seats = document.getElementById("seats");
  if (!seats) return;
  const source = new EventSource(seats.dataset.events);
  // A move sent from this page changes the table too: the answer is the page to show.
  document.addEventListener("submit", () => source.close());
  source.addEventListener("table", (event) => {
    if (event.data !== seats.dataset.tableVersion) {
      source.close();
      location.replace(location.pathname);
    }
  });
}

function readPositionFile() {
  for (const input of document.querySelectorAll("input[type=file][data-into]")) {
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (file) document.querySelector(input.dataset.into).value = await file.text();
    });
  }
}

function stepKeys() {
  const steps = document.getElementById("steps");
  if (!steps) return;
  document.addEventListener("keydown", (event) => {
    const link = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (link) location.href = document.getElementById(link).href;
  });
}

document.addEventListener("DOMContentLoaded", () => {
  followTable();
  readPositionFile();
  stepKeys();
});
