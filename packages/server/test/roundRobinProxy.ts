import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer in miniature: each request goes to the next backend in turn, the body streamed both ways. `served`
 * counts the requests each backend got.
 */
export async function startRoundRobinProxy(options: { backends: readonly string[]; port?: number }) {
  const { backends } = options;
  const served = backends.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next % backends.length;
    next += 1;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(request.url ?? '/', backends[index]);
    const upstream = http.request(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
