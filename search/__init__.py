"""Search bots for every Carthago game: information-set MCTS over the engine (``search.mcts``),
bots that play a Session in process or a seat on a server (``search.bot``)."""
