// Countersign dashboard: deciding over the session-authorised API, following an action's
// status without a reload, and copy-to-clipboard. No framework, no external code.
"use strict";
(function () {
  const TERMINAL = ["executed", "failed", "rejected", "expired"];

  function text(id, value) { const el = document.getElementById(id); if (el) el.textContent = value; }

  function showAction(a) {
    const root = document.getElementById("action");
    root.dataset.status = a.status;
    const pill = document.getElementById("action-status");
    pill.textContent = a.status; pill.className = "pill status-" + a.status;
    if (a.decidedBy) text("decided", a.decidedBy.name + " <" + a.decidedBy.email + "> at " + a.decidedAt);
    text("decision-note", a.decisionNote || "—");
    if (a.executedAt) text("executed-at", a.executedAt);
    if (a.result !== null || a.error !== null) {
      document.getElementById("outcome").hidden = false;
      text("result", a.result !== null ? JSON.stringify(a.result, null, 2) : "");
      text("action-error", a.error ? a.error.code + ": " + a.error.message : "");
    }
    if (a.status !== "pending") {
      const f = document.getElementById("decide-form"); if (f) f.remove();
      const left = root.querySelector(".left"); if (left) left.remove();
    }
  }

  function follow(id) {
    let delay = 500;
    async function tick() {
      try {
        const r = await fetch("/dashboard/api/actions/" + id, { headers: { accept: "application/json" }, credentials: "same-origin" });
        if (r.status === 401) { window.location.reload(); return; }
        if (r.ok) { const a = (await r.json()).data; showAction(a); if (TERMINAL.includes(a.status)) return; }
      } catch (e) { /* network blip: keep trying */ }
      delay = Math.min(delay * 1.5, 5000);
      setTimeout(tick, delay);
    }
    setTimeout(tick, delay);
  }

  function wireAction() {
    const root = document.getElementById("action");
    if (!root) return;
    const id = root.dataset.actionId, csrf = root.dataset.csrf;
    const form = document.getElementById("decide-form");
    if (form) {
      form.addEventListener("submit", async function (event) {
        event.preventDefault();
        const decision = event.submitter && event.submitter.value === "reject" ? "reject" : "approve";
        const note = document.getElementById("note").value.trim();
        const errorBox = document.getElementById("decide-error");
        errorBox.hidden = true;
        form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        const r = await fetch("/v1/actions/" + id + "/" + decision, {
          method: "POST", credentials: "same-origin",
          headers: { "content-type": "application/json", "x-csrf-token": csrf },
          body: JSON.stringify(note ? { note: note } : {}),
        });
        const body = await r.json();
        if (!r.ok) {
          errorBox.textContent = body.error.message;
          errorBox.dataset.errorCode = body.error.code;
          errorBox.hidden = false;
          form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
          if (body.error.code === "not_signed_in") window.location.reload();
          return;
        }
        showAction(body.data);
        if (!TERMINAL.includes(body.data.status)) follow(id);
      });
    }
    if (["approved", "executing"].includes(root.dataset.status)) follow(id);
  }

  function wireLinks() {
    document.querySelectorAll("[data-follow-link]").forEach(function (row) {
      const url = row.dataset.followLink;
      async function tick() {
        try {
          const r = await fetch(url, { credentials: "same-origin" });
          if (r.ok) {
            const l = (await r.json()).data;
            row.querySelector(".link-status").textContent = l.status;
            row.querySelector(".link-step").textContent = l.step || "—";
            if (!["waiting", "in_progress"].includes(l.status)) return;
          }
        } catch (e) { /* keep trying */ }
        setTimeout(tick, 3000);
      }
      setTimeout(tick, 3000);
    });
  }

  function wireCopy() {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      button.addEventListener("click", async function () {
        const input = document.querySelector(button.dataset.copy);
        input.select();
        try { await navigator.clipboard.writeText(input.value); } catch (e) { document.execCommand("copy"); }
        button.textContent = "Copied";
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { wireAction(); wireLinks(); wireCopy(); });
})();
