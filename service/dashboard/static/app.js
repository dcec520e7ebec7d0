// Countersign dashboard: pages that follow changes made by anyone (live regions re-fetched
// every second, answered 304 when nothing changed), times in the viewer's own zone, deciding,
// editing and setting policies over the session-authorised /v1 API, the phone menu, and
// copy-to-clipboard. No framework.
"use strict";
document.documentElement.classList.add("js");  // shows the forms that only work with a script
(function () {
  const POLL_MS = 1000;
  const TIME = new Intl.DateTimeFormat(undefined, {
    day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
    timeZoneName: "short",
  });

  // --- times: one readable format, in the viewer's time zone ------------------------------
  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach(function (el) {
      const at = new Date(el.getAttribute("datetime"));
      if (isNaN(at)) return;
      el.title = el.getAttribute("datetime");
      el.textContent = TIME.format(at);
    });
  }

  // --- vault thumbnails: a preview that does not load leaves the tile naming the type ------
  document.addEventListener("error", function (event) {
    const el = event.target;
    if (el && el.tagName === "IMG" && el.closest(".thumb")) el.remove();
  }, true);

  // --- live regions ----------------------------------------------------------------------
  let etag = null, busy = false;

  function typingIn(el) {
    const active = document.activeElement;
    return active && el.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
  }

  // A region holding a form the person changed or is saving is left as it is: a refresh would
  // wipe what they typed, or the answer their save is about to show.
  function heldBack(el) {
    return typingIn(el) || el.querySelector("form[data-api][data-changed], form[data-api][data-saving]");
  }
  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form[data-api]");
    if (form) form.dataset.changed = "1";
  });

  function swap(fresh) {
    document.querySelectorAll("[data-live][id]").forEach(function (el) {
      const next = fresh.getElementById(el.id);
      if (!next || heldBack(el)) return;
      localTimes(next);
      keepResults(el, next);
      const kept = Array.from(el.querySelectorAll("input[data-keep]:checked"))
        .map(function (box) { return box.value; });
      const cursor = el.querySelector(".row.cursor");
      if (next.outerHTML === el.outerHTML) return;
      const copy = document.importNode(next, true);
      copy.querySelectorAll("input[data-keep]").forEach(function (box) {
        if (kept.indexOf(box.value) >= 0) box.checked = true;  // a refresh keeps the ticks
      });
      if (cursor) {
        const again = copy.querySelector('.row[data-action-id="' + cursor.dataset.actionId + '"]');
        if (again) again.classList.add("cursor");
      }
      el.replaceWith(copy);
    });
    afterSwap();
    countSelected();
  }

  async function refresh() {
    if (busy) return;
    busy = true;
    try {
      const headers = { "x-live": "1" };
      if (etag) headers["if-none-match"] = etag;
      const r = await fetch(window.location.href, { headers: headers, credentials: "same-origin",
                                                    cache: "no-store" });
      // The session ended (a page is redirected to sign in; the API says 401): reload.
      if (r.redirected || r.status === 401) { window.location.reload(); return; }
      if (document.getElementById("decide-dock") && r.status === 200) {
        etag = r.headers.get("etag");
        const fresh = new DOMParser().parseFromString(await r.text(), "text/html");
        // Decided: nothing is left to decide, so the bar goes (the outcome shows at the top).
        if (!fresh.getElementById("decide-dock")) document.getElementById("decide-dock").remove();
        swap(fresh);
        return;
      }
      if (r.status === 200) {
        etag = r.headers.get("etag");
        swap(new DOMParser().parseFromString(await r.text(), "text/html"));
      }
    } catch (e) { /* a network blip: the next tick tries again */ }
    finally { busy = false; }
  }

  // A form's answer (saved, or the API's error) stays shown when its region is refreshed.
  function keepResults(el, next) {
    el.querySelectorAll("[data-form-result][id]").forEach(function (box) {
      const copy = next.querySelector("#" + CSS.escape(box.id));
      if (!copy) return;
      copy.hidden = box.hidden;
      copy.className = box.className;
      if (box.getAttribute("role")) copy.setAttribute("role", box.getAttribute("role"));
      copy.textContent = box.textContent;
      if (box.dataset.errorCode) copy.dataset.errorCode = box.dataset.errorCode;
    });
  }

  function followPage() {
    if (!document.querySelector("[data-live]")) return;
    setInterval(function () { if (!document.hidden) refresh(); }, POLL_MS);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
  }

  // --- the action page: decide over /v1 with the session and its CSRF token ---------------
  function afterSwap() {
    localTimes(document);
    const approve = document.getElementById("approve"), note = document.getElementById("note");
    const reject = document.getElementById("reject");
    if (approve && note) note.hidden = approve.disabled && (!reject || reject.disabled);
  }

  // One way to call /v1 with the session: the CSRF token in `x-csrf-token`, JSON both ways.
  // Answers {ok, body}; a session that ended reloads the page (the sign-in page, then back).
  async function callApi(path, body, csrf) {
    const headers = { "x-csrf-token": csrf };
    if (body !== null) headers["content-type"] = "application/json";
    const r = await fetch(path, {
      method: "POST", credentials: "same-origin", headers: headers,
      body: body === null ? undefined : JSON.stringify(body),
    });
    const answer = await r.json();
    if (!r.ok && answer.error && answer.error.code === "not_signed_in") {
      window.location.reload();
      return null;
    }
    return { ok: r.ok, body: answer };
  }

  const NETWORK_FAILED = "The network failed; nothing is known to have changed. Try again.";

  function showError(box, error) {
    box.className = "error";
    box.setAttribute("role", "alert");
    box.textContent = error.message;
    box.dataset.errorCode = error.code;
    box.hidden = false;
  }

  function wireDecide() {
    const root = document.getElementById("action"), form = document.getElementById("decide-form");
    if (!root || !form) return;
    const id = root.dataset.actionId, csrf = root.dataset.csrf;
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      const decision = event.submitter && event.submitter.value === "reject" ? "reject" : "approve";
      const note = document.getElementById("note").value.trim();
      const errorBox = document.getElementById("decide-error");
      errorBox.hidden = true;
      document.querySelectorAll("#decide-buttons button").forEach(function (b) { b.disabled = true; });
      try {
        const answer = await callApi("/v1/actions/" + id + "/" + decision,
                                     note ? { note: note } : {}, csrf);
        if (!answer) return;
        if (!answer.ok) showError(errorBox, answer.body.error);
      } catch (e) {
        errorBox.textContent = NETWORK_FAILED;
        errorBox.hidden = false;
      }
      etag = null;
      await refresh();  // the page now shows what is true, whoever won
    });
  }

  // --- forms that call /v1 (data-api): the edit form, the approval policy forms, ask again --
  function ticked(form, name) {
    return Array.from(form.querySelectorAll('input[name="' + name + '"]:checked:not(:disabled)'))
      .map(function (box) { return box.value; });
  }

  function unique(values) {
    return values.filter(function (v, i) { return values.indexOf(v) === i; });
  }

  // A whole number as a number; anything else as typed, for the API to refuse by name.
  function whole(raw) {
    const text = raw.trim();
    return /^[0-9]+$/.test(text) ? Number(text) : text;
  }

  // The edit form: the action's params as asked, narrowed by the form (unticked media, lists
  // and fans removed, ticked or typed lists excluded). The API refuses anything wider.
  function editBody(form) {
    const params = JSON.parse(form.dataset.params);
    const el = form.elements;
    if (el.text && "text" in params) params.text = el.text.value;
    if (el.priceCents) {
      const cents = el.priceCents.value.trim() === "" ? 0 : whole(el.priceCents.value);
      if ("priceCents" in params || cents !== 0) params.priceCents = cents;
    }
    if (Array.isArray(params.mediaIds)) params.mediaIds = ticked(form, "mediaIds");
    if (params.audience) {
      const audience = Object.assign({}, params.audience);
      ["listIds", "fanIds"].forEach(function (key) {
        if (key in audience) audience[key] = ticked(form, key);
      });
      const typed = (el.addExcludeListIds ? el.addExcludeListIds.value : "").split(",")
        .map(function (v) { return v.trim(); }).filter(Boolean);
      const excluded = unique((audience.excludeListIds || [])
        .concat(ticked(form, "excludeListIds"), typed));
      if (excluded.length) audience.excludeListIds = excluded;
      params.audience = audience;
    }
    const note = el.note ? el.note.value.trim() : "";
    return note ? { params: params, note: note } : { params: params };
  }

  // "Add a rule": the rule under the names the page gives its fields (the server's own), or
  // null when no type is ticked. A field left empty, or hidden (an allowance's size on a rule
  // asking for people), is left out; the API refuses what is missing or wrong, by name.
  function newRule(form) {
    const box = form.querySelector("[data-rule-types]");
    const types = box ? ticked(form, box.dataset.ruleTypes) : [];
    if (!types.length) return null;
    const rule = {};
    rule[box.dataset.ruleTypes] = types;
    box.querySelectorAll("[data-rule]").forEach(function (field) {
      const text = field.value.trim();
      if (text === "" || field.closest("[hidden]")) return;
      rule[field.name] = field.dataset.rule === "number" ? whole(text) : text;
    });
    return rule;
  }

  // A policy form: the rules kept (ticked), plus the new one when types are ticked; or null
  // (follow the workspace default).
  function policyBody(form) {
    const el = form.elements;
    if (el.inherit && el.inherit.checked) return { rules: null };
    const kept = ticked(form, "keep");
    const rules = JSON.parse(form.dataset.rules || "[]")
      .filter(function (rule, i) { return kept.indexOf(String(i)) >= 0; });
    const added = newRule(form);
    if (added) rules.push(added);
    const body = { rules: rules };
    // Daily limits: the ones kept (ticked) plus the new one; left out when the form offers
    // none to change (an account following the workspace default keeps inheriting them).
    const stored = JSON.parse(form.dataset.limits || "[]");
    const keptLimits = ticked(form, "keepLimit");
    const limitTypes = ticked(form, "limitTypes");
    const editable = form.querySelector('input[name="keepLimit"]:not(:disabled)');
    if (editable || limitTypes.length) {
      body.limits = stored.filter(function (l, i) { return keptLimits.indexOf(String(i)) >= 0; })
        .map(function (l) { return { types: l.types, perDay: l.perDay }; });
      if (limitTypes.length) body.limits.push({ types: limitTypes, perDay: whole(el.perDay.value) });
    }
    return body;
  }

  // "Add a rule": the allowance field shows only for a rule that needs no person.
  document.addEventListener("change", function (event) {
    const select = event.target.closest("select[data-allowance]");
    if (!select) return;
    const field = select.closest("form").querySelector("label.allowance");
    if (field) field.hidden = select.value !== "0";
  });

  const BODIES = { edit: editBody, policy: policyBody, none: function () { return null; } };

  document.addEventListener("submit", async function (event) {
    const form = event.target;
    if (!form.matches || !form.matches("form[data-api]")) return;
    event.preventDefault();
    const box = form.querySelector("[data-form-result]");
    const buttons = form.querySelectorAll("button");
    box.hidden = true;
    buttons.forEach(function (b) { b.disabled = true; });
    form.dataset.saving = "1";
    let answer = null;
    try {
      answer = await callApi(form.dataset.api, BODIES[form.dataset.body](form),
                             form.elements.csrf_token.value);
    } catch (e) {
      showError(box, { code: "network", message: NETWORK_FAILED });
    }
    buttons.forEach(function (b) { b.disabled = false; });
    delete form.dataset.saving;
    if (!answer) return;
    if (!answer.ok) {
      showError(box, answer.body.error);
      return;
    }
    delete form.dataset.changed;  // saved: the server's copy is now what they typed
    if (form.dataset.done === "reload") {  // the page's message, audience and form change too
      window.location.reload();
      return;
    }
    if (form.dataset.done === "open") {  // the action the call answered with (ask again: the new one)
      window.location.href = "/dashboard/actions/" + encodeURIComponent(answer.body.data.id);
      return;
    }
    box.className = "notice";
    box.setAttribute("role", "status");
    box.textContent = form.dataset.saved || "Saved.";
    delete box.dataset.errorCode;
    box.hidden = false;
    etag = null;
    await refresh();
  });

  // --- the edit form's live preview: the server's own sanitiser, so it is what will be sent --
  function wirePreview() {
    const text = document.getElementById("edit-text"), box = document.getElementById("edit-preview");
    const root = document.getElementById("action");
    if (!text || !box || !root) return;
    let timer = null, asked = 0;
    text.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(async function () {
        const mine = ++asked, form = new FormData();
        form.append("csrf_token", root.dataset.csrf);
        form.append("text", text.value);
        try {
          const r = await fetch("/dashboard/preview", { method: "POST", body: form,
                                                         credentials: "same-origin" });
          if (r.ok && mine === asked) box.innerHTML = (await r.json()).data.html;
        } catch (e) { /* the preview catches up on the next keystroke */ }
      }, 150);
    });
  }

  // --- small things ----------------------------------------------------------------------
  document.addEventListener("click", async function (event) {
    const toggle = event.target.closest("#menu-toggle");
    if (toggle) {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      document.getElementById("top").classList.toggle("open", open);
      return;
    }
    const button = event.target.closest("[data-copy]");
    if (button) {
      const input = document.querySelector(button.dataset.copy);
      input.select();
      try { await navigator.clipboard.writeText(input.value); } catch (e) { document.execCommand("copy"); }
      button.textContent = "Copied";
    }
  });

  function wireTimeZoneFields() {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    document.querySelectorAll("input[data-time-zone]").forEach(function (el) { el.value = zone; });
    document.querySelectorAll("[data-time-zone-label]").forEach(function (el) { el.textContent = zone; });
  }

  // --- the inbox: decide exactly the ticked actions; keyboard on desktop -----------------
  function countSelected() {
    const bar = document.getElementById("batch-form");
    if (!bar) return;
    const n = document.querySelectorAll('input[name="actionId"]:checked').length;
    document.getElementById("batch-count").textContent = n + " selected";
    document.getElementById("batch-approve").disabled = n === 0;
    document.getElementById("batch-reject").disabled = n === 0;
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches('input[name="actionId"]')) countSelected();
  });

  function moveCursor(step) {
    const rows = Array.from(document.querySelectorAll("#inbox .row"));
    if (!rows.length) return;
    const at = rows.findIndex(function (r) { return r.classList.contains("cursor"); });
    const next = rows[Math.min(rows.length - 1, Math.max(0, at < 0 ? 0 : at + step))];
    rows.forEach(function (r) { r.classList.remove("cursor"); });
    next.classList.add("cursor");
    next.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("keydown", function (event) {
    if (!document.getElementById("inbox") || event.ctrlKey || event.metaKey || event.altKey) return;
    const t = event.target;
    if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && t.type !== "checkbox") return;
    const row = document.querySelector("#inbox .row.cursor");
    const key = event.key;
    if (key === "j" || key === "ArrowDown") { moveCursor(1); event.preventDefault(); }
    else if (key === "k" || key === "ArrowUp") { moveCursor(-1); event.preventDefault(); }
    else if (key === "x" && row) {
      const box = row.querySelector('input[name="actionId"]');
      if (box) { box.checked = !box.checked; countSelected(); }
      event.preventDefault();
    } else if ((key === "Enter" || key === "o") && row && t.type !== "checkbox") {
      window.location.href = row.querySelector("a.rowlink").href;
    } else if (key === "a" || key === "r") {
      const button = document.getElementById(key === "a" ? "batch-approve" : "batch-reject");
      if (button && !button.disabled) { button.click(); event.preventDefault(); }
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    afterSwap(); wireDecide(); wirePreview(); wireTimeZoneFields(); followPage(); countSelected();
  });
})();
