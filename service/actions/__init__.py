"""The actions feature: an approval-gated platform write, from creation to its result.

- model.py: the Action record.
- transitions.py: every status and every move between them, as one table (and expiry on read).
- types/: the registry of action types, one module per family (schemas, summary, warnings
  facts, estimate, the platform routes and call it runs as, its result, its approval page
  context): a new type is one entry there plus its schemas in openapi.yaml.
- lookups.py: the synced data a type's warnings name, read before creation.
- warnings.py: what may make an approved action fail, found against synced data.
- policy_rule.py: one approval rule, typed (`PolicyRule`): parsed once from its JSON, rendered
  back to it, worded for people.
- policy.py: what a policy asks of an action (how many different people, which roles),
  captured at creation.
- edits.py: how far an approver may change params before approving (only narrower).
- lifecycle.py: the only module that writes an action's status (create, decide, expire, claim,
  finish), performing each move's side effects from the table.
- usecases.py: create and decide, as every channel calls them.
- execution.py: the rules of running one claimed action (the executor is a loop around it);
  platform_writes.py sends the type's platform call.
- executor.py, expirer.py: the loops that run approved actions and expire overdue ones.
- waiting.py: waiting for an action to settle; policies.py: setting approval policies.

Nothing is imported here, so storage can load the model without the use cases.
"""
