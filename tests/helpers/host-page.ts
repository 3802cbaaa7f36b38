import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain HTML page on another origin (another port), as a site that embeds the widget: it answers
 * whatever `html` was set last.
 */
export async function startHostPage() {
  let html = '';
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    set: (page: string) => {
      html = page;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
