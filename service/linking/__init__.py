"""The links feature: a hosted link's use cases (usecases.py: create, cancel), the steps it shows
(steps.py), the sign-in flow the creator runs (flow.py, connect.py) and the hosted page itself
(pages.py, a channel). Nothing is imported here, so the API can use the use cases without
loading the page."""
