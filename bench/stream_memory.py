"""What an open stream costs the server: tracemalloc (Python objects) and VmRSS (everything, the
grpc core's buffers included) in the server's process, the streams opened by a child process.

    .venv/bin/python bench/stream_memory.py GAME PLAYERS STREAMS MOVES   (TOP=N: the N largest sites)

e.g. `republic-of-carthage 6 200 300` and `roma 2 200 20` (issue 35's figures). RSS after the
streams close stays high: the allocator keeps freed pages; tracemalloc says what is given back.
"""
import gc, os, subprocess, sys, time, tracemalloc, random
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
tracemalloc.start(12)
from carthago import Client
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import HostConfig

GAME, PLAYERS, N, MOVES = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
CHILD = r'''
import asyncio, sys, grpc
from carthago.v1 import carthago_pb2 as pb, carthago_pb2_grpc as pbg
async def main(addr, gid, n):
    ch = grpc.aio.insecure_channel(addr, options=[("grpc.max_receive_message_length", 64<<20)])
    stub = pbg.GameServiceStub(ch)
    calls = [stub.StreamEvents(pb.StreamEventsRequest(game_id=gid)) for _ in range(n)]
    for c in calls:
        await c.read()
    print("open", flush=True)
    sys.stdin.readline()
    for c in calls: c.cancel()
    await ch.close()
asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
'''
with ServerThread("memory", HostConfig(operator_token="op", allow_client_seeds=True)) as s:
    with Client(s.addr) as c:
        c.wait_ready()
        g = c.create(GAME, players=PLAYERS, seed=b"mem")
        seats = [c.join(g.game_id, seat=i) for i in range(PLAYERS)]
        rnd = random.Random(1)
        for _ in range(MOVES):
            st = c.game(g.game_id).status
            if st.over: break
            seat = seats[st.to_act[0]]
            cmds, head = seat.legal_at()
            seat.submit(rnd.choice(cmds), expected_seq=head)
        head = c.game(g.game_id).head_seq
        rss = {}
        def vmrss():
            for line in open("/proc/self/status"):
                if line.startswith("VmRSS"): return int(line.split()[1])
        def snap(tag=None):
            gc.collect(); time.sleep(0.5); gc.collect()
            if tag: rss[tag] = vmrss()
            return tracemalloc.take_snapshot()
        # warm: one stream open and closed (caches of the game's batches filled)
        for n in (1, N):
            p = subprocess.Popen([sys.executable, "-c", CHILD, s.addr, g.game_id, str(n)], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
            if n == N:
                before = snap('before')
            assert p.stdout.readline().strip() == "open"
            if n == N:
                time.sleep(1)
                during = snap('during')
            p.stdin.write("\n"); p.stdin.flush(); p.wait(30)
            time.sleep(1)
        after = snap('after')
        d = sum(x.size_diff for x in during.compare_to(before, "filename"))
        a = sum(x.size_diff for x in after.compare_to(before, "filename"))
        print(f"{GAME} players={PLAYERS} head_seq={head} streams={N}: +{d/N/1024:.1f} KB a stream open; "
              f"after close {a/1024:+.1f} KB in all; RSS +{(rss['during']-rss['before'])/N:.1f} KB a stream, after close {rss['after']-rss['before']:+d} KB")
        for stat in during.compare_to(before, "traceback")[:int(os.environ.get("TOP", "0"))]:
            print(f"{stat.size_diff/1024:9.1f} KB {stat.count_diff:6d}")
            for line in stat.traceback.format()[-8:]:
                print("      ", line)
