/** Validates the sheets without writing anything: `npm run check:sheets -- --help`. */
import { checkSheets } from './sheets/check-command';

const { exitCode, output } = await checkSheets(process.argv.slice(2));
console.log(output);
process.exitCode = exitCode;
