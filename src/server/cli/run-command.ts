import { pathToFileURL } from 'node:url';

export type Command = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
) => Promise<{ code: number; text: string }>;

/**
 * Runs `command` when the module at `moduleUrl` is the one node was started with (`npm run
 * …`), printing its text (to stderr when it failed) and exiting with its code. Tests import
 * the same modules and call the commands themselves.
 */
export function runWhenMain(moduleUrl: string, command: Command): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  command(process.argv.slice(2), process.env).then(
    ({ code, text }) => {
      (code === 0 ? console.log : console.error)(text);
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
