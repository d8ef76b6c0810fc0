"""Game sub-commands (simulate, replay, balance): they arrive with the engine."""


def register(sub) -> None:
    pass
