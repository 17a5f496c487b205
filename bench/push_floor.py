"""The floor of figure 9: a bare grpc.aio server whose unary call pushes its payload to every open
stream, with nothing else. ``python -m bench.push_floor [--loop uvloop|asyncio]`` prints
``push floor on 127.0.0.1:PORT`` once it serves (the same loop as ``carthago serve``'s).

Methods (raw bytes, no protobuf): ``/floor.Push/Subscribe`` (a server stream: every payload
pushed from now on) and ``/floor.Push/Push`` (its request bytes go to every subscriber, then
it answers with the same bytes). This is what a move costs with no game, no log and no disk:
one unary call in, one message out on each other open stream.
"""

from __future__ import annotations

import argparse
import asyncio

import grpc


class Hub:
    def __init__(self) -> None:
        self.queues: set[asyncio.Queue] = set()

    async def subscribe(self, request: bytes, context):
        queue: asyncio.Queue = asyncio.Queue()
        self.queues.add(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            self.queues.discard(queue)

    async def push(self, request: bytes, context) -> bytes:
        for queue in self.queues:
            queue.put_nowait(request)
        return request


async def serve() -> None:
    hub = Hub()
    server = grpc.aio.server()
    handlers = {
        "Subscribe": grpc.unary_stream_rpc_method_handler(hub.subscribe),
        "Push": grpc.unary_unary_rpc_method_handler(hub.push),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("floor.Push", handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"push floor on 127.0.0.1:{port}", flush=True)
    await server.wait_for_termination()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop")
    args = p.parse_args()
    if args.loop == "uvloop":
        import uvloop

        uvloop.run(serve())
    else:
        asyncio.run(serve())


if __name__ == "__main__":
    main()
