// The baseline: a bare node:http server, run as its own process by the harness. For each
// scenario the harness registers (over IPC) the status and bytes the reference server
// answered; this server then answers that request with them and does nothing else. It
// reads the request body to the end, as every server must. What it costs is the floor:
// Node's HTTP stack plus the size of the response.
import { createServer } from 'node:http';

const routes = new Map(); // 'GET /api/v1/users' -> { status, headers, body }

const server = createServer((request, response) => {
  const route = routes.get(`${request.method} ${request.url}`);
  request.resume();
  request.on('end', () => {
    if (route) response.writeHead(route.status, route.headers).end(route.body);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('no such baseline route\n');
  });
});

process.on('message', (message) => {
  if (message?.type !== 'route') return;
  const body = Buffer.from(message.body, 'base64');
  const headers = { 'content-type': message.contentType, 'content-length': body.length };
  routes.set(`${message.method} ${message.path}`, { status: message.status, headers, body });
  process.send({ type: 'ok' });
});

process.on('SIGTERM', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`baseline listening on http://127.0.0.1:${server.address().port}\n`);
});
