/**
 * `npm run lint:workflows`: checks the GitHub Actions workflows and actions
 * under .github/ against GitHub's schemas (@action-validator/core, which runs
 * as WebAssembly from the npm package: nothing to download, works offline),
 * and prints each mistake with its file and place.
 *
 *   tsx scripts/lint-workflows.ts [ROOT]     (ROOT defaults to the current folder)
 */
import { validateAction, validateWorkflow, type ValidationError } from '@action-validator/core';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

/**
 * A "one of" error nests the failures of every shape the value could have had
 * (a job that runs steps, a job that calls a workflow); the shape with the
 * fewest failures is the one meant, and its failures are the ones to fix.
 */
function leaves(errors: readonly ValidationError[]): ValidationError[] {
  return errors.flatMap((error) => {
    if (!('states' in error) || error.states === undefined || error.states.length === 0) return [error];
    const branches = error.states.map((state) => leaves(state.errors));
    return branches.reduce((fewest, branch) => (branch.length < fewest.length ? branch : fewest));
  });
}

function describe(error: ValidationError): string {
  const where =
    'location' in error && error.location !== undefined
      ? `line ${error.location.line}, column ${error.location.column}`
      : 'path' in error && error.path !== ''
        ? error.path
        : 'whole file';
  return `${where}: ${error.title}${error.detail === undefined ? '' : ` (${error.detail})`}`;
}

interface LintedFile {
  file: string;
  kind: 'workflow' | 'action';
}

/** Workflows are .github/workflows/*.yml; actions are any action.yml below .github/. */
async function workflowFiles(root: string): Promise<LintedFile[]> {
  const github = join(root, '.github');
  const entries = await readdir(github, { recursive: true }).catch(() => [] as string[]);
  return entries
    .map((entry) => entry.split('\\').join('/'))
    .flatMap((entry): LintedFile[] => {
      if (/(^|\/)action\.ya?ml$/.test(entry)) return [{ file: join(github, entry), kind: 'action' }];
      if (/^workflows\/[^/]+\.ya?ml$/.test(entry)) return [{ file: join(github, entry), kind: 'workflow' }];
      return [];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Every workflow and action file under ROOT/.github with its mistakes, one line each. */
export async function lintWorkflows(root: string) {
  const files = await workflowFiles(root);
  return Promise.all(
    files.map(async ({ file, kind }) => {
      const source = await readFile(file, 'utf8');
      const { errors } = kind === 'action' ? validateAction(source) : validateWorkflow(source);
      const problems = [...new Set(leaves(errors).map(describe))];
      return { file: relative(root, file), kind, problems };
    }),
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const root = resolve(process.argv[2] ?? '.');
  const results = await lintWorkflows(root);
  if (results.length === 0) {
    console.error(`No workflows found in ${join(root, '.github', 'workflows')}.`);
    process.exitCode = 1;
  }
  for (const { file, problems } of results)
    for (const problem of problems) console.error(`${file} ${problem}`);
  const wrong = results.filter((result) => result.problems.length > 0).length;
  if (wrong > 0) process.exitCode = 1;
  else if (results.length > 0)
    console.log(`All ${results.length} workflow and action files match GitHub's schemas.`);
}
