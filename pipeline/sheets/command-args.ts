/** Argument handling shared by the sheet commands: --help, wrong options and a missing sheets folder. */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';

export interface CommandResult {
  exitCode: number;
  output: string;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Parses `--sheets DIR` plus the command's own string options (each with its
 * default). Returns the values, or the result to print when the command
 * cannot run: usage for --help (exit 0) or for a mistake (exit 2).
 */
export async function parseCommand<K extends string>(
  args: readonly string[],
  defaults: Record<K, string>,
  usage: string,
): Promise<{ values: Record<K | 'sheets', string> } | { result: CommandResult }> {
  const options: Record<string, { type: 'string'; default: string } | { type: 'boolean'; short: string }> = {
    sheets: { type: 'string', default: 'sheets' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, value] of Object.entries<string>(defaults)) options[name] = { type: 'string', default: value };
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...args], options }).values;
  } catch (error) {
    return { result: { exitCode: 2, output: `${error instanceof Error ? error.message : String(error)}\n\n${usage}` } };
  }
  if (values.help === true) return { result: { exitCode: 0, output: usage } };
  const sheets = String(values.sheets);
  if (!(await isFolder(sheets))) return { result: { exitCode: 2, output: `There is no folder "${sheets}".\n\n${usage}` } };
  return { values: values as Record<K | 'sheets', string> };
}
