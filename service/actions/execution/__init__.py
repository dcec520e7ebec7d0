"""Running approved actions, and the timed sweeps over the rest.

- executor.py: the loop that claims approved actions; running.py: the rules of running one;
  platform_writes.py: the type's platform call; retries.py and patience.py: when a write is
  sent again; schedule.py: scheduled runs (`runAt`).
- write_routes.py: which action type performs each platform write route.
- expirer.py, escalation.py: the sweeps that expire and escalate pending actions.
"""
