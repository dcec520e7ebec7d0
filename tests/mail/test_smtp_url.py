"""COUNTERSIGN_SMTP_URL: the three transports, credentials, and a clear refusal otherwise."""

from __future__ import annotations

import pytest

from service.mail.smtp import SmtpServer, SmtpUrlError, parse_smtp_url
from service.settings import Settings, SettingsError


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("smtp://127.0.0.1:2525", SmtpServer("127.0.0.1", 2525, False, False)),
        ("smtp://mail.test", SmtpServer("mail.test", 25, False, False)),
        (
            "smtp+starttls://ops%40agency.test:p%3Ass@mail.test",
            SmtpServer("mail.test", 587, False, True, "ops@agency.test", "p:ss"),
        ),
        ("smtps://u:p@mail.test", SmtpServer("mail.test", 465, True, False, "u", "p")),
    ],
)
def test_transports_and_credentials(url, server):
    assert parse_smtp_url(url) == server


@pytest.mark.parametrize("url", ["http://mail.test", "smtp://", "smtp://host:notaport", "mail"])
def test_anything_else_is_refused_at_start(url, tmp_path):
    with pytest.raises(SmtpUrlError):
        parse_smtp_url(url)
    with pytest.raises(SettingsError, match="COUNTERSIGN_SMTP_URL"):
        Settings(database_url=f"sqlite:///{tmp_path}/x.db", smtp_url=url).check()
