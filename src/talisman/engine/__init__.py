"""The game-agnostic core: records, dice and chance, the decision machine,
serialization, data loading and scenarios. Nothing here knows Talisman."""
