/**
 * Ports the host remembers between launches (`{"port": N}` files under `<appData>/host/`): the embedded
 * core's (`core-port.json`, so clone URLs stay stable) and the browser host's (`browser-host-port.json`,
 * so the page keeps its origin, cache and preferences).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/** The file `<appDataDir>/host/<name>` where a port is remembered. */
export function rememberedPortFile(
  appDataDir: string,
  name: 'core-port.json' | 'browser-host-port.json',
): string {
  return join(appDataDir, 'host', name);
}

/** The port kept in `file`, or null when there is none, it can't be read, or it is not a port (1–65535). */
export async function readRememberedPort(file: string): Promise<number | null> {
  try {
    const { port } = JSON.parse(await readFile(file, 'utf8')) as { port?: unknown };
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `port` in `file` (its folder created when missing; written atomically, `{"port":N}` and a newline).
 * @throws the write's error (callers that can live without it catch it).
 */
export async function rememberPort(file: string, port: number): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify({ port })}\n`);
}
