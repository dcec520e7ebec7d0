"""The soak's report: RSS growth per process, the goals that decide the exit code, and the
markdown written to --out."""

from __future__ import annotations

RSS_LIMIT_MB = 20.0


def growth(samples: list[dict], baseline_t: float) -> dict:
    """RSS at the first sample from `baseline_t` on versus the last, per process."""
    base = next((s for s in samples if s["t"] >= baseline_t), samples[0])
    last = samples[-1]
    out = {}
    for name in ("api1", "api2", "worker-steady"):
        if base.get(name) is not None and last.get(name) is not None:
            out[name] = {
                "at_t": base["t"],
                "from_mb": round(base[name], 1),
                "to_mb": round(last[name], 1),
                "growth_mb": round(last[name] - base[name], 1),
            }
    return out


def goals(report: dict) -> dict[str, bool]:
    c = report["check"]
    return {
        "0 actions executed twice": not c["executed_twice"],
        "0 events lost": not c["events_lost"],
        "0 actions left executing": c["left_executing"] == 0,
        f"RSS growth under {RSS_LIMIT_MB:g} MB": all(
            g["growth_mb"] < RSS_LIMIT_MB for g in report["growth"].values()
        )
        and len(report["growth"]) == 3,
        "0 acknowledged creates missing": not c["acknowledged_creates_missing"],
        "0 server errors answered": not report["service_errors"],
    }


def markdown(report: dict) -> str:
    c, g = report["check"], goals(report)
    lines = [
        (
            f"# Soak: {report['args']['minutes']:g} minutes, 2 replicas, a worker SIGKILLed every "
            f"{report['args']['kill_every']:g} s, ~10% platform faults"
        ),
        "",
        (
            f"Load average (1, 5, 15 min) at start {report['loadavg_start']}, at end "
            f"{report['loadavg_end']} (2 cores, shared)."
        ),
        "",
        "| Goal | Result |",
        "|---|---|",
        f"| actions executed twice (platform write log) | {len(c['executed_twice'])} |",
        (
            f"| events lost | {len(c['events_lost'])} ({c['deliveries_received']} deliveries "
            f"received, {c['pending_with_schedule']} pending with a schedule) |"
        ),
        f"| actions left `executing` | {c['left_executing']} |",
    ]
    for name, row in report["growth"].items():
        lines.append(
            f"| RSS growth {name} (t={row['at_t']:g} s → end) | {row['growth_mb']:+.1f} MB "
            f"({row['from_mb']} → {row['to_mb']} MB) |"
        )
    kills = report["kills"]
    lines += [
        "",
        "Goals: " + ", ".join(f"{k}: {'yes' if ok else 'NO'}" for k, ok in g.items()) + ".",
        "",
        (
            f"- Actions: {c['actions']} ({c['statuses']}); failed by code {c['failed_codes']}; "
            f"left approved {c['left_approved']}."
        ),
        (
            f"- Idempotent replays: {c['replays']}; acknowledged creates {c['acknowledged_creates']}, "
            f"missing {len(c['acknowledged_creates_missing'])}."
        ),
        (
            f"- Platform: {c['platform_calls']} calls, {c['platform_faults_injected']} faulted "
            f"(share {c['platform_fault_share']}); {c['applied_writes']} messages applied; executed "
            f"without exactly one applied write: {len(c['executed_without_one_write'])}."
        ),
        (
            f"- Webhooks: {c['events']} events, {c['deliveries']} deliveries to 3 endpoints (2 event endpoints, the revenue push), "
            f"{c['receiver_requests']} requests at the receiver."
        ),
        (
            f"- Kills: {len(kills)} (mid-send {sum(1 for k in kills if k['mid_send'])}); the victim's "
            f"RSS at each kill: {[round(k['rss'] or 0, 1) for k in kills]} MB."
        ),
        f"- Drain after the load: {report['drain']}.",
        (
            f"- Server errors answered (5xx): {report['service_errors'] or 'none'}; requests "
            f"without an answer, sent again to the other replica with the same key: "
            f"{report['transport_errors'] or 'none'}."
        ),
        f"- Requests by route and status: {dict(sorted(report['requests'].items()))}.",
    ]
    return "\n".join(lines) + "\n"
