"""`countersign chat connect | link-user`: a workspace's chats, set up from a shell (self-hosters
with their own Slack app, the demo, scripts). Its arguments are declared below."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from service.cli.admin import _run_with_store, _workspace_id, refused_in_one_line

if TYPE_CHECKING:
    from service.settings import Settings
    from storage.sql.store import SqlStore


def cmd_connect(settings: Settings, args: argparse.Namespace) -> None:
    from service.chat.slack import Slack
    from service.chat.usecases import connect
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.kit.crypto import SecretBox
    from service.kit.local_secret import local_secret_key

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        operator = Principal.operator(workspace_id)
        token, team = None, None
        if args.provider == "slack" and args.account is None:
            if not args.bot_token:
                raise SystemExit("Slack needs --bot-token xoxb-… (the app's bot token)")
            token = args.bot_token
            team = args.team or await Slack(settings.slack_api_url).team_of(token)
        channel = args.channel if args.provider == "slack" else args.chat_id
        if not channel:
            raise SystemExit("name where to post: --channel C… (Slack) or --chat-id N (Telegram)")
        box = SecretBox(settings.secret_key or local_secret_key(settings.database_url))
        connection = await refused_in_one_line(
            connect(
                store,
                SystemClock(),
                operator,
                args.provider,
                channel,
                bot_token=token,
                team_id=team,
                box=box,
                account_id=args.account,
            )
        )
        where = f"account {args.account}'s" if args.account else "the workspace's"
        team_note = f" (Slack team {connection.team_id})" if connection.team_id else ""
        print(f"{args.provider}{team_note}: {where} approval requests go to {channel}")

    _run_with_store(settings, work)


def cmd_link_user(settings: Settings, args: argparse.Namespace) -> None:
    from service.chat.usecases import link_user
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal

    provider, chat_user = (
        ("slack", args.slack_user) if args.slack_user else ("telegram", args.telegram_user)
    )

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        linked = await refused_in_one_line(
            link_user(
                store,
                SystemClock(),
                Principal.operator(workspace_id),
                args.email,
                provider,
                chat_user,
            )
        )
        print(f"{provider} user {linked.chat_user_id} decides as {args.email}")

    _run_with_store(settings, work)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    chat = sub.add_parser(
        "chat", help="post approval requests to Slack or Telegram and link people"
    ).add_subparsers(dest="chat", required=True)
    connect = chat.add_parser("connect", help="connect Slack or a Telegram group")
    connect.add_argument("provider", choices=["slack", "telegram"])
    connect.add_argument("--bot-token", help="Slack: the app's bot token (xoxb-…), stored sealed")
    connect.add_argument("--channel", help="Slack: the channel id (C…) to post to")
    connect.add_argument("--chat-id", help="Telegram: the group's chat id")
    connect.add_argument("--team", help="Slack: the team id (default: asked with auth.test)")
    connect.add_argument(
        "--account", help="post this account's requests to --channel/--chat-id instead"
    )
    connect.set_defaults(run=cmd_connect)
    link = chat.add_parser("link-user", help="let a chat user decide as a member")
    link.add_argument("email", help="the member's sign-in address")
    who = link.add_mutually_exclusive_group(required=True)
    who.add_argument("--slack-user", help="the Slack user id (U…)")
    who.add_argument("--telegram-user", help="the Telegram user id (a number)")
    link.set_defaults(run=cmd_link_user)
    for choice in chat.choices.values():
        choice.add_argument(
            "--workspace", help="the workspace's id (needed only when there are several)"
        )
