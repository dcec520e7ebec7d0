"""What a person approves is byte for byte what the platform receives.

Each hostile or awkward text goes through the REST create, the approval page, a real approval,
the executor and real HTTP to the fake platform; its write log must hold exactly `params.text`.
"""

from __future__ import annotations

import pytest

from service.dashboard.sanitize import message_html
from service.domain.messages import platform_html, visible_text
from tests.execution.test_executor import a_fan, approve_and_run, create, creator

HOSTILE = {
    "script": "<script>alert(1)</script><img src=x onerror=alert(2)>Hi there",
    "handlers": '<p onclick="steal()">Click <b onmouseover="x()">me</b></p>',
    "iframe": '<iframe src="https://evil.example"></iframe><p>Framed</p>',
    "style": "<style>body{display:none}</style><p style='color:red'>Styled</p>",
    "javascript_link": '<a href="javascript:alert(1)">prize</a> and <a href="https://ok.test">ok</a>',
    "unclosed": "<p>Hello <b>bold <i>and italic",
    "entities": "Tom &amp; Jerry &lt;3 &#128512; &nbsp;end",
    "emoji": "😀" * 5000,
    "plain_lt_amp": "1 < 2 & 3 > 2, see you at 5 <3",
    "plain_newlines": "line one\nline two",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
async def test_the_platform_receives_exactly_the_approved_text(linked, name):
    text = HOSTILE[name]
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": text}},
        f"hostile-{name}",
    )
    stored = action["params"]["text"]
    assert stored == platform_html(text)
    for banned in (
        "<script",
        "onerror",
        "onclick",
        "onmouseover",
        "<iframe",
        "<style",
        "javascript:",
        "style=",
    ):
        assert banned not in stored.lower()
    assert "alert" not in action["summary"] and "display:none" not in action["summary"]
    # The approval page shows exactly the stored text.
    assert str(message_html(stored)) == stored
    done = await approve_and_run(linked, action["id"])
    assert done["status"] == "executed", done
    [write] = linked.writes()
    assert write["body"]["text"] == stored


async def test_plain_text_is_escaped_and_wrapped_once(linked):
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "1 < 2 & 3"}},
        "plain",
    )
    assert action["params"]["text"] == "<p>1 &lt; 2 &amp; 3</p>"
    assert '"1 < 2 & 3"' in action["summary"]
    assert platform_html(action["params"]["text"]) == action["params"]["text"]


async def test_summary_quotes_what_a_fan_reads(linked):
    action = await create(
        linked,
        {
            "type": "send_mass_message",
            "params": {
                "text": "<script>document.cookie</script><style>p{}</style><p>Big &amp; new</p>",
                "audience": {"fanIds": [a_fan(linked)]},
            },
        },
        "summary",
    )
    assert '"Big & new"' in action["summary"]
    assert "cookie" not in action["summary"] and "p{}" not in action["summary"]


async def test_text_that_is_only_unsafe_html_is_refused(linked):
    response = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        headers={**linked.world.auth(), "Idempotency-Key": "empty"},
        json={
            "type": "send_message",
            "params": {"fanId": a_fan(linked), "text": "<script>alert(1)</script>"},
        },
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", "params.text")
    assert linked.writes() == []


async def test_idempotency_compares_the_request_not_the_normalised_text(linked):
    fan = a_fan(linked)
    body = {"type": "send_message", "params": {"fanId": fan, "text": "Hi <b>you</b>"}}
    first = await create(linked, body, "idem")
    again = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json=body,
        headers={**linked.world.auth(), "Idempotency-Key": "idem"},
    )
    assert again.status_code == 202 and again.json()["data"]["id"] == first["id"]
    # Another body that normalises to the same HTML is still another request.
    other = {"type": "send_message", "params": {"fanId": fan, "text": "<p>Hi <b>you</b></p>"}}
    conflict = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json=other,
        headers={**linked.world.auth(), "Idempotency-Key": "idem"},
    )
    assert conflict.status_code == 409
    assert conflict.json()["error"]["code"] == "idempotency_conflict"


def test_visible_text_never_includes_script_or_style_content():
    html = platform_html("<script>var a=1</script><style>.x{}</style><p>Hello</p>")
    assert visible_text(html) == "Hello"


async def test_mass_message_text_is_sent_as_approved(linked):
    fans = list(creator(linked).fans)[:2]
    action = await create(
        linked,
        {
            "type": "send_mass_message",
            "params": {
                "text": '<p onclick="x()">Tonight &amp; tomorrow</p><script>x</script>',
                "audience": {"fanIds": fans},
            },
        },
        "mass-hostile",
    )
    done = await approve_and_run(linked, action["id"])
    assert done["status"] == "executed"
    [write] = linked.writes()
    assert write["body"]["text"] == action["params"]["text"] == "<p>Tonight &amp; tomorrow</p>"
