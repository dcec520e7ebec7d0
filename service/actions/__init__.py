"""The actions feature: an approval-gated platform write, from creation to its result.

- model.py: the Action record.
- transitions.py: every status and every move between them, as one table (and expiry on read).
- types/: the registry of action types, one module per family (schemas, summary, warnings
  facts, estimate, the platform routes and call it runs as, its result, its approval page
  context): a new type is one entry there plus its schemas in openapi.yaml.
- lookups.py: the synced data a type's warnings name, read before creation.
- warnings.py: what may make an approved action fail, found against synced data.
- lifecycle.py: the only module that writes an action's status (create, decide, expire, claim,
  finish), performing each move's side effects from the table.
- creation.py, decisions.py, ask_again.py: create, decide (and cancel) and ask again, as
  every channel calls them; facts.py and reach.py: what they share.
- waiting.py: waiting for an action to settle; render.py: an action as the API shows it;
  repository.py: the actions' storage port.
- policies/: approval policies, the rules an action is held to at creation and what they did.
- execution/: running approved actions (the executor and its rules), and the expirer.
- types_docs.py: docs/action-types.md, generated from the registry.

Nothing is imported here, so storage can load the model without the use cases.
"""
