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

/** Shape of `generateLargeRepository`'s repository. */
export interface LargeRepositoryOptions {
  /** Commits on `main` (express: 11,467). */
  commits: number;
  /** Tags, spread evenly over the history, every other one annotated (express: 304). */
  tags: number;
  /** Extra branches, each at an older commit (express has a handful). */
  branches: number;
}

/** The paths the read benchmark names (they exist in every generated large repository). */
export const LARGE_REPOSITORY_FILES = {
  /** A changelog growing by one entry every 4th commit, newest first (blamed like express's History.md). */
  history: 'History.md',
  /** ~1,000 lines, one line rewritten every 10th commit (like lib/response.js). */
  response: 'lib/response.js',
  /** Five directories down. */
  deep: 'test/fixtures/deep/a/b/c/d/e/leaf.txt',
} as const;

/**
 * An express-sized bare repository written by one `git fast-import` stream (about 10–20 s for the
 * defaults): `commits` commits on `main` with a tree of ~400 files in nested directories (lib/, test/,
 * examples/<n>/…, a deep fixture), each commit changing one small file, every 4th also prepending an
 * entry to History.md and every 10th rewriting a line of lib/response.js; `tags` tags and `branches`
 * branches. Deterministic: the same options give the same commits.
 */
export async function generateLargeRepository(dir: string, opts: LargeRepositoryOptions): Promise<void> {
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir], { env: ENV });
  const child = spawn('git', ['--git-dir', dir, 'fast-import', '--quiet', '--depth=50'], {
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
  let pending: string[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingBytes = 0;
    if (!child.stdin.write(chunk)) await new Promise<void>((r) => child.stdin.once('drain', () => r()));
  };
  const write = async (s: string) => {
    pending.push(s);
    pendingBytes += s.length;
    if (pendingBytes > 1 << 20) await flush();
  };
  const file = async (p: string, text: string) =>
    write(`M 100644 inline ${p}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
  const t0 = 1_300_000_000;
  const authors = ['TJ Holowaychuk', 'Douglas Wilson', 'Roman Shtylman', 'Jonathan Ong', 'Aria Stewart'];
  const smallFiles: string[] = [];
  for (let i = 0; i < 40; i++) smallFiles.push(`lib/part-${i}.js`);
  for (let i = 0; i < 120; i++) smallFiles.push(`test/app.feature-${i}.js`);
  for (let e = 0; e < 40; e++)
    for (const f of ['index.js', 'views/index.ejs', 'public/style.css'])
      smallFiles.push(`examples/example-${e}/${f}`);
  for (let i = 0; i < 20; i++) smallFiles.push(`test/fixtures/fixture-${i}.txt`);
  smallFiles.push(LARGE_REPOSITORY_FILES.deep);
  const responseLines = Array.from(
    { length: 1000 },
    (_, i) => `  res.line${i} = function line${i}(value) { return this.set('X-Line-${i}', value); };`,
  );
  const history: string[] = [];
  const tagEvery = Math.max(1, Math.floor(opts.commits / Math.max(1, opts.tags)));
  let tagsMade = 0;
  const branchAt = new Set(
    Array.from({ length: opts.branches }, (_, i) =>
      Math.max(1, Math.floor(((i + 1) * opts.commits) / (opts.branches + 1))),
    ),
  );
  for (let i = 1; i <= opts.commits; i++) {
    const who = authors[i % authors.length]!;
    const email = `${who.split(' ')[0]!.toLowerCase()}@example.com`;
    const when = `${t0 + i * 3600} +0000`;
    const msg = `Change ${i}: update ${smallFiles[i % smallFiles.length]}\n\nGenerated commit ${i}.\n`;
    await write(
      `commit refs/heads/main\nmark :${i}\nauthor ${who} <${email}> ${when}\ncommitter ${who} <${email}> ${when}\ndata ${Buffer.byteLength(msg)}\n${msg}`,
    );
    if (i === 1) {
      // The first commit writes the whole tree.
      for (const p of smallFiles) await file(p, `// ${p}\nmodule.exports = 1;\n`);
      await file(LARGE_REPOSITORY_FILES.response, `${responseLines.join('\n')}\n`);
      await file('README.md', '# Generated\n\nAn express-sized repository for benchmarks.\n');
      await file('package.json', '{\n  "name": "generated",\n  "version": "0.0.1"\n}\n');
    } else {
      const p = smallFiles[i % smallFiles.length]!;
      await file(p, `// ${p}\nmodule.exports = ${i};\n`);
    }
    if (i % 4 === 0) {
      history.unshift(`  * change ${i}: ${'fix '.repeat(1 + (i % 7))}`);
      await file(LARGE_REPOSITORY_FILES.history, `${history.join('\n')}\n`);
    }
    if (i % 10 === 0) {
      const line = (i * 7919) % responseLines.length;
      responseLines[line] =
        `  res.line${line} = function line${line}(value) { return this.set('X-Line-${line}-${i}', value); };`;
      await file(LARGE_REPOSITORY_FILES.response, `${responseLines.join('\n')}\n`);
    }
    if (i % tagEvery === 0 && tagsMade < opts.tags) {
      tagsMade++;
      const name = `v${Math.floor(tagsMade / 10)}.${tagsMade % 10}.0`;
      if (tagsMade % 2 === 0) {
        const note = `${name}\n`;
        await write(
          `tag ${name}\nfrom :${i}\ntagger ${who} <${email}> ${when}\ndata ${Buffer.byteLength(note)}\n${note}`,
        );
      } else await write(`reset refs/tags/${name}\nfrom :${i}\n\n`);
    }
    if (branchAt.has(i)) await write(`reset refs/heads/branch-${i}\nfrom :${i}\n\n`);
  }
  await flush();
  child.stdin.end();
  await done;
}
