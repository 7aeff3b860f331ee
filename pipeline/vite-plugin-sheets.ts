/**
 * Dev server support for the sheets: saving a sheet (or a picture under
 * sheets/images) re-runs the pipeline. Valid sheets replace the data and reload
 * the page; invalid ones show their problems in Vite's error overlay while the
 * server keeps serving the last good data. Warnings go to the page's own panel
 * (pipeline/dev-sheet-warnings.ts), which asks for them with WARNINGS_REQUEST.
 *
 * Code serving pages in dev gets the data through the plugin's API:
 *   sheetsApi(server.config.plugins)?.getSite()
 */
import { resolve, sep } from 'node:path';
import type { ErrorPayload, Plugin, ViteDevServer } from 'vite';
import type { SiteData } from '../src/schema/site';
import type { SheetWarning } from './sheet-warnings-event';
import { WARNINGS_EVENT, WARNINGS_REQUEST } from './sheet-warnings-event';
import type { Problem } from './sheets/problem';

export interface SheetsPluginApi {
  /** Data of the last load without errors, after any load in progress; null while the sheets never loaded. */
  getSite(): Promise<SiteData | null>;
  /** Problems of the last load. */
  getProblems(): readonly Problem[];
}

const NAME = 'brokerage:sheets';

/** Spreadsheet programs save through temporary files and renames: one save, several events. */
const SETTLE_MS = 150;

export function sheetsApi(plugins: readonly Plugin[]): SheetsPluginApi | undefined {
  return (plugins.find((plugin) => plugin.name === NAME) as Plugin<SheetsPluginApi> | undefined)?.api;
}

export function sheetsPlugin(options: { sheetsDir?: string } = {}): Plugin<SheetsPluginApi> {
  const sheetsDir = resolve(options.sheetsDir ?? 'sheets');
  let site: SiteData | null = null;
  let problems: readonly Problem[] = [];
  let overlay: ErrorPayload | null = null;
  let warnings: SheetWarning[] = [];
  let loading: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const load = async (server: ViteDevServer) => {
    try {
      // Loaded here, not at the top: every build and test run loads vite.config.ts, and only
      // the dev server needs the pipeline (and sharp).
      const [{ loadSite }, { formatText, placeOf }] = await Promise.all([
        import('./load-site'),
        import('./sheets/report'),
      ]);
      const loaded = await loadSite({ sheetsDir });
      problems = loaded.problems;
      warnings = loaded.problems
        .filter((problem) => problem.severity === 'warning')
        .map((problem) => ({ place: placeOf(problem), message: problem.message }));
      overlay =
        loaded.site === null
          ? {
              type: 'error',
              err: { message: formatText(loaded.problems, loaded.stats), stack: '', plugin: NAME },
            }
          : null;
      if (loaded.site !== null) site = loaded.site;
    } catch (error) {
      overlay = {
        type: 'error',
        err: { message: `The sheets could not be loaded: ${String(error)}`, stack: '', plugin: NAME },
      };
    }
    server.ws.send(WARNINGS_EVENT, warnings);
    if (overlay === null) {
      server.ws.send({ type: 'full-reload' });
    } else {
      server.config.logger.error(overlay.err.message);
      server.ws.send(overlay);
    }
  };

  return {
    name: NAME,
    apply: (_config, env) => env.command === 'serve' && env.mode !== 'test',
    api: {
      getSite: async () => {
        await loading;
        return site;
      },
      getProblems: () => problems,
    },
    configureServer(server) {
      const reload = () => {
        loading = loading.then(() => load(server));
      };
      server.watcher.add(sheetsDir);
      server.watcher.on('all', (_event, file) => {
        if (!resolve(file).startsWith(sheetsDir + sep)) return;
        clearTimeout(timer);
        timer = setTimeout(reload, SETTLE_MS);
      });
      // A page opened while the sheets are broken shows why, too.
      server.ws.on('connection', () => {
        if (overlay !== null) server.ws.send(overlay);
      });
      server.ws.on(WARNINGS_REQUEST, (_data, client) => {
        void loading.then(() => client.send(WARNINGS_EVENT, warnings));
      });
      reload();
    },
  };
}
