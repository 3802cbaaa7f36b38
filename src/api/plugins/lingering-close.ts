import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How much of an answered request's unread body is read and thrown away, and for how long. */
export interface LingerLimits {
  /** The largest body the API takes: any body it could read at all is read to its end. */
  bytes: number;
  /** From the answer on, whatever the client does. */
  totalMs: number;
  /** Without a byte from the client. */
  idleMs: number;
}

// nginx's lingering_time and lingering_timeout.
const defaultTimes = { totalMs: 30_000, idleMs: 5_000 };

/**
 * Reads and discards the rest of a body whose request was answered before it was read to the end, then
 * leaves the connection as it is: at the end of the body it is ready for the next request. A client
 * sending past the bounds has its connection closed.
 */
function discardRest(raw: IncomingMessage, limits: LingerLimits) {
  let read = 0;
  const close = () => raw.socket.destroy();
  let idle = setTimeout(close, limits.idleMs);
  const total = setTimeout(close, limits.totalMs);
  const done = () => {
    clearTimeout(idle);
    clearTimeout(total);
  };
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) return close();
    clearTimeout(idle);
    idle = setTimeout(close, limits.idleMs);
  });
  raw.once('end', done);
  raw.once('close', done);
  // A form reader that stopped early may still be piped to it; it wants no more bytes.
  raw.unpipe();
  raw.resume();
}

/**
 * An upload refused early (a 413 on its declared length, a 422 at a file over 2 MB) is answered while the
 * client still sends. Closing then, or leaving the rest unread until the keep-alive timeout closes it,
 * makes the kernel reset the connection, and a client that is still writing (Node's fetch, often) loses
 * the answer with it. So the rest is read and discarded within bounds, as nginx's lingering close does.
 */
export const lingeringClosePlugin = fp<Pick<LingerLimits, 'bytes'> & Partial<LingerLimits>>(
  async (app: FastifyInstance, options) => {
    const limits: LingerLimits = { ...defaultTimes, ...options };
    app.addHook('onSend', async (request, reply) => {
      const raw = request.raw;
      // `complete` is Node's own flag, false while the body is still arriving (inject()'s requests have none).
      if (raw.complete !== false || raw.destroyed) return;
      // Fastify asks to close after a body parser gave up; reading the rest makes that unnecessary, and
      // closing at once is what loses the answer.
      if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
      // Begun before the answer is sent: at its end Node would drop the rest of an unread body itself,
      // unbounded and out of sight.
      discardRest(raw, limits);
    });
  },
);
