"""What the composition root holds of the chat feature (service/services.py imports a feature
only through its public.py): Slack and Telegram, for the poster and the clicks' replies."""

from service.chat.sending import Chats

__all__ = ["Chats"]
