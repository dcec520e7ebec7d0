"""Settings are declared once: the environment is read from the declarations and the
configuration page is generated from them."""

from __future__ import annotations

import pytest

from service import settings_docs
from service.settings import Settings, SettingsError


def test_the_committed_configuration_page_is_the_generated_one():
    committed = settings_docs.PAGE.read_text()
    assert committed == settings_docs.render(), (
        "docs/configuration.md is stale: run `python -m service.settings_docs`"
    )


def test_every_setting_is_documented_under_its_environment_name():
    page = settings_docs.render()
    for name in Settings.__attrs_attrs__:
        assert f"`COUNTERSIGN_{name.name.upper()}`" in page


def test_the_environment_is_read_by_each_settings_type():
    settings = Settings.from_env(
        {
            "COUNTERSIGN_PUBLIC_URL": "https://cs.example/",
            "COUNTERSIGN_RATE_LIMIT": "7",
            "COUNTERSIGN_PLATFORM_TIMEOUT": "2.5",
            "COUNTERSIGN_RUN_WORKERS": "off",
            "COUNTERSIGN_PLATFORM_URL": "https://platform.example",
        }
    )
    assert settings.public_url == "https://cs.example"
    assert (settings.rate_limit, settings.platform_timeout) == (7, 2.5)
    assert settings.run_workers is False
    assert settings.platform_url == "https://platform.example"
    defaults = Settings.from_env({})
    assert defaults == Settings()
    with pytest.raises(SettingsError, match="COUNTERSIGN_RATE_LIMIT must be a number"):
        Settings.from_env({"COUNTERSIGN_RATE_LIMIT": "many"})
    with pytest.raises(SettingsError, match="COUNTERSIGN_DEVELOPMENT must be true or false"):
        Settings.from_env({"COUNTERSIGN_DEVELOPMENT": "perhaps"})


def test_response_validation_follows_development_unless_set():
    assert Settings.from_env({"COUNTERSIGN_DEVELOPMENT": "1"}).validate_responses is True
    assert Settings.from_env({}, development=True).validate_responses is True
    assert Settings.from_env({}).validate_responses is False
    explicit = {"COUNTERSIGN_DEVELOPMENT": "1", "COUNTERSIGN_VALIDATE_RESPONSES": "0"}
    assert Settings.from_env(explicit).validate_responses is False


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://root:hunter2@db/agency", "not a mysql:// URL"),
        ("var/countersign.db", "not a URL without a scheme (a file is sqlite:///path)"),
    ],
)
def test_a_database_the_service_does_not_run_on_is_named_never_echoed(url, said):
    """Not PostgreSQL's error about the secret key, and never the URL's password."""
    with pytest.raises(SettingsError) as refused:
        Settings.from_env({"COUNTERSIGN_DATABASE_URL": url})
    assert str(refused.value).endswith(said) and "hunter2" not in str(refused.value)
    for accepted in ("sqlite:///var/x.db", "postgres://u@h/db", "postgresql+asyncpg://u@h/db"):
        Settings.from_env({"COUNTERSIGN_DATABASE_URL": accepted, "COUNTERSIGN_SECRET_KEY": "s"})
