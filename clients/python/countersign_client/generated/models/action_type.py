from typing import Literal

ActionType = Literal['add_fan_to_list', 'add_media_to_vault_list', 'create_vault_list', 'delete_vault_list', 'edit_mass_message', 'hide_vault_media', 'like_message', 'mark_chat_read', 'mark_notifications_read', 'mark_story_watched', 'record_profile_view', 'record_profile_visit', 'remove_fan_from_list', 'remove_media_from_vault_list', 'rename_vault_list', 'report_post_views', 'send_mass_message', 'send_message', 'subscribe_to_user', 'unlike_message', 'unsend_message', 'unsubscribe_from_user']

ACTION_TYPE_VALUES: set[ActionType] = { 'add_fan_to_list', 'add_media_to_vault_list', 'create_vault_list', 'delete_vault_list', 'edit_mass_message', 'hide_vault_media', 'like_message', 'mark_chat_read', 'mark_notifications_read', 'mark_story_watched', 'record_profile_view', 'record_profile_visit', 'remove_fan_from_list', 'remove_media_from_vault_list', 'rename_vault_list', 'report_post_views', 'send_mass_message', 'send_message', 'subscribe_to_user', 'unlike_message', 'unsend_message', 'unsubscribe_from_user',  }

def check_action_type(value: str) -> ActionType:
    if value in ACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_TYPE_VALUES!r}")
