

def test_a_trained_policy_plays_a_seat_on_a_server(client):
    """adapters.remote: a policy given the adapter's observation and legal ids plays a whole Roma
    game on a server against the random bot; its choices land as the server's commands."""
    import threading

    from carthago.bots import make_bot
    from adapters.remote import AgentBot

    g = client.create("roma", 2, seed=b"agent-on-a-server")
    me, other = client.join(g.game_id, seat=0), client.join(g.game_id, seat=1)
    chosen = []

    def act(obs, legal):
        assert obs["action_mask"].sum() == len(legal) and obs["observation"].shape == (2048,)
        chosen.append(legal[-1])
        return legal[-1]

    rival = threading.Thread(target=make_bot("random", other, 1).play, daemon=True)
    rival.start()
    AgentBot(me, act).play()
    rival.join(20)
    status = client.game(g.game_id).status
    assert status.over and len(chosen) > 10
