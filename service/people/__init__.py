"""Each creator's people: which accounts a member is assigned to, whether they are on shift,
who hears about a new action (routing.py's `who_hears`, for mail and any later channel), and
what each member decided (activity.py)."""
