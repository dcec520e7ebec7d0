"""Each creator's people: which accounts a member is assigned to, whether they are on shift,
and who hears about a new action (routing.py's `who_hears`, for mail and any later channel).
What each member decided is read from the actions (actions/policies/member_activity.py)."""
