import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lintWorkflows } from '../../scripts/lint-workflows';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  vi.restoreAllMocks();
});

async function repository(files: Record<string, string>) {
  const root = await mkdtemp(join(tmpdir(), 'workflows-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('npm run lint:workflows', () => {
  it('passes the repository’s own workflows', async () => {
    const results = await lintWorkflows('.');
    expect(results.map((result) => result.file)).toContain('.github/workflows/site.yml');
    expect(results.filter((result) => result.problems.length > 0)).toEqual([]);
  });

  it('names each mistake of a workflow and an action, by file and place', async () => {
    // The validator warns on stderr that it does not check the paths' globs.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = await repository({
      '.github/workflows/deploy.yml': [
        'on: push',
        'jobs:',
        '  build:',
        '    runs-onn: ubuntu-latest',
        '    steps: [{ run: npm ci }]',
        '  deploy:',
        '    needs: publish',
        '    runs-on: ubuntu-latest',
        '    steps: [{ uses: actions/deploy-pages@v4 }]',
        '',
      ].join('\n'),
      '.github/workflows/broken.yaml': 'on: push\njobs:\n  a: [\n',
      '.github/actions/setup/action.yml': 'name: Setup\ndescription: Sets up\n',
      '.github/workflows/notes.md': 'not a workflow',
    });
    expect(await lintWorkflows(root)).toMatchSnapshot();
  });
});
