"""Carthago's Python client: typed stubs (generated), a small client, a random bot, the CLI.

    from carthago import Client
    client = Client("127.0.0.1:50051")
    game = client.create("roma")
    me = client.join(game.game_id)          # a Seat: holds its token
    while not (view := me.view()).status.over:
        if me.seat in view.status.to_act:
            me.submit(me.legal()[0])
"""

from .client import CarthagoError, Client, Seat

__all__ = ["Client", "Seat", "CarthagoError"]
