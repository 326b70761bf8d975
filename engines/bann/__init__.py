"""Im Bann der Pyramide (Wolfgang Kramer, Adlung 2006): the card game's rules engine.

``game.py`` holds the engine, ``cards.py`` the box (read from ``data/box.json``) and
``wording.py`` the prompts, events and card names in English, German and Dutch.
"""
