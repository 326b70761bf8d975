"""The appliance: configuration, the referee, the event store, displays and the CLI."""
