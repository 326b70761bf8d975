"""The appliance: ``cli`` (the ``scarab`` command), ``commands`` (its subcommands),
``referees`` (the referee and the camera and sensor referees), ``appliance`` (``scarab
run``, the event store, configuration and displays) and ``web`` (the page and its API)."""
