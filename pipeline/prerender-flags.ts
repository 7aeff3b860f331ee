/**
 * Node's flags for a process that pre-renders (`npm run build`'s step, bench:scale's, and the
 * publisher's build process). Rendering a page makes many short-lived objects and strings, and
 * V8's young generation (16 MB a half by default) was collected so often that a one-cell publish
 * at 10,000 records spent a fifth of its CPU collecting; at 32 MB it took about a tenth less CPU
 * (29 November, six builds each way, twice). The flag holds for the process's worker threads.
 */
export const PRERENDER_NODE_FLAGS = ['--max-semi-space-size=32'];
