"""The phone page and its JSON API, served by `scarab run` in the referee's own loop."""
