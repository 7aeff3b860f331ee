/**
 * Refuses a deployment build whose forms would have nowhere to send.
 *
 *   tsx pipeline/check-env.ts --deploy     (or DEPLOY=1 tsx pipeline/check-env.ts)
 *
 * Reads the variables as Vite will (the environment, then .env,
 * .env.production and their .local versions), so what passes here is what
 * the client build writes in. Without --deploy or DEPLOY=1 it only reports
 * which endpoints the build will use: the local quick start needs none.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { deployEnvProblems, FORM_ENV_VARS } from '../src/forms/env';
import type { FormEnv } from '../src/forms/env';

const { values } = parseArgs({ options: { deploy: { type: 'boolean', default: false } } });
const deploy = values.deploy || process.env.DEPLOY === '1';
const env: FormEnv = loadEnv('production', process.cwd(), 'VITE_');
const problems = deployEnvProblems(env);

if (deploy && problems.length > 0) {
  console.error(
    [
      'Deployment build stopped: the forms would have nowhere to send leads and messages.',
      'Set these environment variables (or write them in .env.production.local; see .env.example):',
      ...problems.map((problem) => `  - ${problem}`),
    ].join('\n'),
  );
  process.exit(1);
}

const configured = Object.keys(FORM_ENV_VARS).filter(
  (name) => (env[name as keyof FormEnv] ?? '').trim() !== '',
);
console.log(
  problems.length === 0
    ? 'Forms: sending to the configured lead service and EmailJS.'
    : `Forms: local build${configured.length > 0 ? ` (configured: ${configured.join(', ')})` : ''}; whatever is not configured goes to the serving origin's local stand-ins (npm start stores them in its database; npm run leads lists them).`,
);
