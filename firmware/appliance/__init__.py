"""The appliance beside the table: ``scarab run``, the event store, the configuration,
the displays (OLED, terminal, voice, venue feed), the service's notifications and logs."""
