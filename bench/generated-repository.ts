/**
 * A large generated bare repository for benchmarks: `commits` commits on `main` written by one
 * `git fast-import` stream, each changing README.md and one of 100 text files; every 20th commit also
 * adds an incompressible binary file of `blobKb` KiB; a tag every 500 commits.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** Git environment without the user's or the system's configuration. */
export const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const ENV = GIT_ENV;

/** A bare repository with `commits` commits on `main`, written by one `git fast-import` stream. */
export async function generateRepository(dir: string, commits: number, blobKb: number): Promise<void> {
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir], { env: ENV });
  const child = spawn('git', ['--git-dir', dir, 'fast-import', '--quiet'], {
    env: ENV,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.stdin.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}`)),
    );
  });
  const write = (chunk: string | Buffer) =>
    child.stdin.write(chunk)
      ? Promise.resolve()
      : new Promise<void>((r) => child.stdin.once('drain', () => r()));
  const t0 = 1_700_000_000;
  for (let i = 1; i <= commits; i++) {
    const msg = `Commit ${i}\n`;
    const text = `# Generated\n\nrevision ${i}\n${'lorem ipsum dolor sit amet '.repeat(20 + (i % 50))}\n`;
    await write(
      `commit refs/heads/main\ncommitter Bench <bench@example.com> ${t0 + i * 60} +0000\ndata ${Buffer.byteLength(msg)}\n${msg}`,
    );
    await write(`M 100644 inline README.md\ndata ${Buffer.byteLength(text)}\n${text}`);
    await write(`M 100644 inline src/file-${i % 100}.txt\ndata ${Buffer.byteLength(text)}\n${text}`);
    if (i % 20 === 0) {
      const blob = randomBytes(blobKb * 1024);
      await write(`M 100644 inline assets/blob-${i}.bin\ndata ${blob.length}\n`);
      await write(blob);
      await write('\n');
    }
    if (i % 500 === 0)
      await write(
        `tag v${i / 500}.0\nfrom refs/heads/main\ntagger Bench <bench@example.com> ${t0 + i * 60} +0000\ndata 8\nrelease\n`,
      );
  }
  child.stdin.end();
  await done;
}
