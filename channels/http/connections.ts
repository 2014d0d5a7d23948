import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Counts the requests each socket of the server carries, so that closing the server can end
 * at once the sockets that carry none (a browser opens some ahead of time and may never use
 * them; Node's own idle check leaves those waiting for a timeout) while requests under way
 * finish. Sockets that fall idle while the server closes are ended then.
 */
export function trackConnections(server: Server): { closeUnused(): void } {
  const requests = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    requests.set(socket, 0);
    socket.once('close', () => requests.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    requests.set(socket, (requests.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (requests.get(socket) ?? 1) - 1;
      if (!requests.has(socket)) return;
      requests.set(socket, left);
      if (closing && left === 0) socket.destroy();
    });
  });
  return {
    closeUnused() {
      closing = true;
      for (const [socket, count] of requests) if (count === 0) socket.destroy();
    },
  };
}
