/**
 * `npm start` (after the build) and `npm run serve:prod`: the site and the
 * lead service in one process. Settings come from the environment (see
 * .env.example); the flags below override them for a single run.
 *
 *   tsx server/serve.ts [--port 4173] [--root dist] [--data-dir .data] [--production]
 *
 * --production refuses to start without a PostgreSQL server, the site's
 * origin and SMTP for the sales team, with a console reached over http:// or
 * a signing secret that is easy to guess, and drops the local EmailJS stand-in.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config';
import { DataDirOpen } from './db/data-dir';
import { UnpushedCommits } from './publish/follow';
import { startService } from './service';

// Whatever this process creates (the database's files, drafts, the signing secret) is owner-only.
process.umask(0o077);

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    root: { type: 'string' },
    'data-dir': { type: 'string' },
    production: { type: 'boolean', default: false },
  },
});

const flags = {
  ...(values.port === undefined ? {} : { PORT: values.port }),
  ...(values.host === undefined ? {} : { HOST: values.host }),
  ...(values.root === undefined ? {} : { SITE_ROOT: values.root }),
  ...(values['data-dir'] === undefined ? {} : { DATA_DIR: values['data-dir'] }),
};

try {
  // Locally, staff can publish from the console out of the box; a deployment chooses (CONTENT_PUBLISH).
  const defaults = values.production ? {} : { CONTENT_PUBLISH: 'true' };
  const config = readConfig({ ...defaults, ...process.env, ...flags }, { production: values.production });
  if (!existsSync(resolve(config.SITE_ROOT, '404.html')))
    console.warn(
      `${resolve(config.SITE_ROOT)} holds no built site: pages answer 404 until \`npm run build\`.`,
    );
  const service = await startService(config, { emailJsStandIn: !values.production });
  console.log(`Site and lead service: ${service.url}/`);
  const told = Object.values(service.notifiers).map((notifier) => notifier.label);
  console.log(`Leads are stored in ${service.db.label}; new ones are ${told.join(' and ')}.`);
  if (service.publisher !== null)
    console.log(`Publishing is on: the live site is ${service.publisher.liveRoot()}.`);
  if (!values.production) console.log('List them with `npm run leads` (in another terminal).');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing the database and stopping.`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof DataDirOpen || error instanceof UnpushedCommits
      ? error.message
      : error,
  );
  process.exit(1);
}
