// The workbench page: refresh the panel when a file is saved (server-sent events), run
// simulations without leaving the page, and poll a running one for its progress.
"use strict";

function swap(selector, html) {
  const target = document.querySelector(selector);
  if (target) target.innerHTML = html;
}

async function refreshPanel() {
  const url = document.body.dataset.panel;
  if (!url) return;
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) return;
  const open = location.hash;
  swap("#panel", await response.text());
  if (open) location.hash = open; // keep a card's large view open
  refreshSim();
}

function listen() {
  const live = document.getElementById("live");
  const source = new EventSource("/events");
  let first = true;
  source.addEventListener("version", (event) => {
    const version = event.data;
    if (!first || version !== document.body.dataset.version) refreshPanel();
    first = false;
    document.body.dataset.version = version;
    if (live) live.className = "live on";
  });
  source.onerror = () => { if (live) live.className = "live off"; };
}

let polling = null;
async function refreshSim() {
  const box = document.getElementById("sim");
  if (!box) return;
  const response = await fetch(box.dataset.poll, { cache: "no-store" });
  if (response.ok) box.innerHTML = await response.text();
  pollWhileRunning();
}

function pollWhileRunning() {
  const running = document.querySelector('#sim [data-status="running"]');
  if (running && polling === null) {
    polling = setTimeout(() => { polling = null; refreshSim(); }, 400);
  }
}

function simForm() {
  const form = document.getElementById("sim-form");
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form));
    const response = await fetch(form.action, { method: "POST", body });
    swap("#sim", await response.text());
    pollWhileRunning();
  });
}

document.addEventListener("DOMContentLoaded", () => {
  listen();
  simForm();
  pollWhileRunning();
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && location.hash.startsWith("#card-")) location.hash = "#cards";
  });
});
