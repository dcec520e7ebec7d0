from typing import Literal

EventEnvelopeMode = Literal['live', 'test']

EVENT_ENVELOPE_MODE_VALUES: set[EventEnvelopeMode] = { 'live', 'test',  }

def check_event_envelope_mode(value: str) -> EventEnvelopeMode:
    if value in EVENT_ENVELOPE_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_ENVELOPE_MODE_VALUES!r}")
