"""Carthago's server side: the wire codec, the log and its stores, the gRPC service.

It never decides a rule: it authenticates, loads a game, asks the engine, appends
the events and fans them out.
"""
