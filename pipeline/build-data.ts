/** Writes src/generated/site-data.json from the sheets: `npm run data -- --help`. */
import { buildData } from './sheets/build-command';

const { exitCode, output } = await buildData(process.argv.slice(2));
(exitCode === 0 ? console.log : console.error)(output);
process.exitCode = exitCode;
