import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { createServer as createViteServer, type Plugin, type ViteDevServer } from 'vite';

// `npm run dev` (ADR 0026): Vite's dev server inside the shop's own HTTP server. Vite answers its modules, the
// storefront's sources and the hot-update socket; everything else goes to the shop (the gateway, the Store API and
// the pages, which Vike renders from the sources). A component or CSS change reaches the open page through hot module
// replacement; relay-compiler runs again when a graphql`` text or the schema changes; errors show in Vite's overlay.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RELAY_COMPILER = fileURLToPath(new URL('../node_modules/.bin/relay-compiler', import.meta.url));
const GRAPHQL_TAG = /graphql`/;

/** relay-compiler again after a change of a graphql`` text or the schema: one run at a time, changes meanwhile run it once more. */
function relayCompilerOnChange(logger: Logger): Plugin {
  return {
    name: 'shop:relay-compiler-on-change',
    apply: 'serve',
    configureServer(server) {
      let running = false;
      let again = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const run = () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        let output = '';
        const compiler = spawn(RELAY_COMPILER, [], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        compiler.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        compiler.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        compiler.once('exit', (code) => {
          running = false;
          if (code === 0) logger.info({ relayCompiler: 'done' }, 'dev: relay-compiler updated the artifacts');
          else {
            logger.error({ relayCompiler: code }, `dev: relay-compiler failed\n${output}`);
            server.ws.send({ type: 'error', err: { message: `relay-compiler failed:\n${output}`, stack: '' } });
          }
          if (again) {
            again = false;
            run();
          }
        });
      };
      const changed = (file: string) => {
        if (file.includes('__generated__')) return;
        const relayInput = file.endsWith('schema.graphql') || (/[\\/]storefront[\\/].*\.tsx?$/.test(file) && GRAPHQL_TAG.test(readText(file)));
        if (!relayInput) return;
        clearTimeout(timer);
        timer = setTimeout(run, 50);
      };
      server.watcher.on('change', changed);
      server.watcher.on('add', changed);
      server.watcher.on('unlink', (file) => {
        if (/[\\/]storefront[\\/]/.test(file)) timer = setTimeout(run, 50);
      });
    },
  };
}

/**
 * relay-compiler's artifacts import their types from relay-runtime without `type`: the build drops unused imports,
 * Vite's dev transform keeps them (verbatimModuleSyntax) and relay-runtime, CommonJS, has no such export.
 */
const RELAY_TYPE_IMPORT = /^import \{ (ConcreteRequest|ReaderFragment|FragmentRefs) \} from ['"]relay-runtime['"];$/gm;
const relayArtifactTypeImports: Plugin = {
  name: 'shop:relay-artifact-type-imports',
  apply: 'serve',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]__generated__[\\/][^\\/]+\.graphql\.ts$/.test(id)) return null;
    return code.replace(RELAY_TYPE_IMPORT, (line) => line.replace('import {', 'import type {'));
  },
};

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

export interface DevServer {
  /** for @hono/node-server's serve(): an HTTP server whose requests Vite sees first */
  createServer: typeof createHttpServer;
  /** starts Vite on that server (its hot-update socket shares the server's port) */
  start(server: Server): Promise<ViteDevServer>;
}

export function viteDevServer(logger: Logger): DevServer {
  let started!: (vite: ViteDevServer) => void;
  // Requests wait for Vite: before it runs, Vike would take the process for a production server.
  const vite = new Promise<ViteDevServer>((resolve) => (started = resolve));
  const createServer = ((options: object, shop: (req: IncomingMessage, res: ServerResponse) => void) =>
    createHttpServer(options, (req, res) => void vite.then((dev) => dev.middlewares(req, res, () => shop(req, res))))) as typeof createHttpServer;
  return {
    createServer,
    async start(server) {
      started(
        await createViteServer({
          root: ROOT,
          appType: 'custom',
          // The shop's data folder and builds change while it runs: nothing there is a source.
          server: { middlewareMode: true, hmr: { server }, watch: { ignored: ['**/data/**', '**/dist/**', '**/test-results/**', '**/.stryker-tmp/**'] } },
          plugins: [relayArtifactTypeImports, relayCompilerOnChange(logger)],
        }),
      );
      return vite;
    },
  };
}
