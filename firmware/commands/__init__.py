"""The ``scarab`` subcommands, one module each, and the helpers they share (``common``)."""
