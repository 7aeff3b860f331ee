/**
 * `npm start`: serves the built site as a static host would, plus local
 * stand-ins for the lead service and EmailJS that record what the forms send.
 *
 *   tsx server/serve.ts [--port 4173] [--root dist] [--log leads.local.jsonl]
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { localServices } from './local-services';
import { staticFiles } from './static-files';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4173' },
    host: { type: 'string', default: '127.0.0.1' },
    root: { type: 'string', default: 'dist' },
    log: { type: 'string', default: process.env.LEADS_LOG ?? 'leads.local.jsonl' },
  },
});

// The log may live in a folder that a clean checkout lacks (e.g. .generated/ for test runs).
mkdirSync(dirname(resolve(values.log)), { recursive: true });
const services = localServices(resolve(values.log));
const files = staticFiles(resolve(values.root));
if (!existsSync(resolve(values.root, '404.html'))) {
  console.warn(`${resolve(values.root)} holds no built site yet: run \`npm run build\` first.`);
}

const server = createServer((request, response) => {
  services(request, response)
    .then((answered) => (answered ? undefined : files(request, response)))
    .catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
});

server.listen(Number(values.port), values.host, () => {
  console.log(
    `Site: http://${values.host}:${values.port}/   (leads and messages are appended to ${values.log})`,
  );
});
