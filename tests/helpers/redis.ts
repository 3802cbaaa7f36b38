import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from './portal-server';

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: Redis gone, as a crash or a network cut would have it). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
}

async function waitForPort(port: number, open: boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen === open) return;
    if (Date.now() > deadline) throw new Error(`redis on ${port} did not ${open ? 'start' : 'stop'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A Redis server of the test's own (Debian's redis-server, as on the machine), on a free port, keeping
 * nothing on disk: a test may stop and restart it without touching the machine's shared Redis.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(port, true);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child?.kill('SIGKILL');
      await exited;
      await waitForPort(port, false);
    },
    restart: start,
  };
}
