"""Approval policies: the rules an account's actions are held to, and what they did.

- policy_rule.py: one rule, typed (`PolicyRule`): parsed once from its JSON, rendered back to
  it, worded for people; its field names live only there.
- policy.py: what a policy's rules ask of an action (how many people, which roles, allowances,
  escalation), captured at creation; edits.py: how far an approver may narrow params.
- usecases.py: setting and reading policies; governed.py, allowances.py, limits.py: creating an
  action its policy governs, and what a shadow allowance would have done.
- pausing.py, resuming.py: an allowance paused by the service, and resumed by a person.
- record.py, activity_day.py: what people decided, counted by the database; activity.py,
  shadow_activity.py: the Activity figures; suggestions.py, suggesting.py: rules suggested from
  the record, and applying one.
"""
