import type { Server } from "node:http";
import type { Socket } from "node:net";

/** How long a closing connection keeps reading what its client is still sending (nginx lingers 5 s too). */
const LINGER_MS = 5_000;

/**
 * Closes connections in stages, as RFC 9112 §9.6 asks of a server.
 *
 * Node closes a connection right after its last answer (the client said `Connection: close`), even when the
 * client is still sending a body the app refused unread: a too-large upload answered 413, an operator call
 * refused 403. The kernel then resets the connection, and a client whose next write meets that reset fails
 * with EPIPE before it reads the answer already waiting for it. Here the answer goes out with a FIN, the
 * rest of the body is read and dropped, and the socket closes when the client closes its side or after
 * `lingerMs`, whichever comes first.
 */
export function closeConnectionsInStages(server: Server, lingerMs = LINGER_MS): void {
  server.on("connection", (socket: Socket) => {
    const closeNow = socket.destroySoon;
    let lingering = false;
    socket.destroySoon = () => {
      if (lingering) return;
      if (socket.readableEnded || socket.destroyed) {
        closeNow.call(socket);
        return;
      }
      lingering = true;
      socket.end();
      const deadline = setTimeout(() => socket.destroy(), lingerMs);
      deadline.unref();
      socket.once("close", () => clearTimeout(deadline));
      // Whatever still arrives goes to the request being dumped; an ended client side closes the socket.
      socket.once("end", () => socket.destroy());
      socket.resume();
    };
  });
}
