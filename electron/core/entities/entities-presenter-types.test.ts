/**
 * Every presenter declares its wire shape (issue 19, "a typed wire contract for every area"): an exported
 * `present*` function of electron/core/entities must return a named shape — the types of
 * shared/api-types/*.ts — never `Record<string, unknown>` (or any other string-indexed map), `unknown` or
 * `any`, so the compiler checks each field it sends. Checked with the TypeScript type checker on the real
 * entity files (inferred return types count too), plus probes that show the check can fail.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const entitiesDir = `${root}electron/core/entities/`;

/** The compiler options of tsconfig.node.json (the config the core is built with). */
function nodeOptions(): ts.CompilerOptions {
  const configPath = `${root}tsconfig.node.json`;
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, { noEmit: true }, configPath);
  return parsed.options;
}

/** Why `t` is not a declared wire shape, or null when it is one. */
function looseness(checker: ts.TypeChecker, t: ts.Type): string | null {
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any/unknown';
  if (t.isUnion()) {
    for (const member of t.types) {
      const why = looseness(checker, member);
      if (why) return why;
    }
    return null;
  }
  if (checker.isArrayType(t)) {
    const [element] = checker.getTypeArguments(t as ts.TypeReference);
    return element ? looseness(checker, element) : null;
  }
  if (checker.getIndexInfoOfType(t, ts.IndexKind.String)) return 'a string-indexed map';
  return null;
}

/** `file: name → type (why)` for each exported `present*` function of `files` that returns a loose type. */
function loosePresenters(files: readonly string[], host?: ts.CompilerHost): string[] {
  const program = ts.createProgram({ rootNames: files, options: nodeOptions(), host });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not compiled: ${file}`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      if (!exported.name.startsWith('present')) continue;
      const type = checker.getTypeOfSymbolAtLocation(exported, source);
      for (const signature of type.getCallSignatures()) {
        const returned = checker.getReturnTypeOfSignature(signature);
        const why = looseness(checker, returned);
        if (why) {
          const name = file.slice(root.length);
          found.push(`${name}: ${exported.name} → ${checker.typeToString(returned)} (${why})`);
        }
      }
    }
  }
  return found;
}

/** A compiler host that also serves `files` (absolute path → text) from memory. */
function hostWith(files: Record<string, string>): ts.CompilerHost {
  const host = ts.createCompilerHost(nodeOptions());
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (p) => p in files || fileExists.call(host, p);
  host.readFile = (p) => files[p] ?? readFile.call(host, p);
  host.getSourceFile = (p, lang, onError, create) =>
    p in files ? ts.createSourceFile(p, files[p]!, lang) : getSourceFile.call(host, p, lang, onError, create);
  return host;
}

describe('entity presenters return declared wire shapes', () => {
  it('no exported present* function of electron/core/entities returns a loose type', () => {
    const files = readdirSync(entitiesDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `${entitiesDir}${f}`);
    expect(files.length).toBeGreaterThan(20);
    expect(loosePresenters(files)).toEqual([]);
  });

  it('flags Record<string, unknown>, an inferred map, unknown, arrays and unions of them; passes shapes', () => {
    const probe = `${entitiesDir}probe-presenters.ts`;
    const code = [
      `import type { Label } from '../../../shared/api-types/labels.js';`,
      `export function presentRecord(): Record<string, unknown> { return {}; }`,
      `export function presentInferred(k: string) { return { [k]: 1 } as { [key: string]: number }; }`,
      `export function presentUnknown(): unknown { return null; }`,
      `export function presentList(): Record<string, unknown>[] { return []; }`,
      `export function presentMaybe(): Label | Record<string, string> { return {}; }`,
      `export function presentLabelOk(l: Label): Label { return l; }`,
      `export function presentListOk(l: Label): Label[] { return [l]; }`,
      `export function presentInferredOk(id: number) { return { id, name: 'x' }; }`,
      `export function helper(): Record<string, unknown> { return {}; }`,
    ].join('\n');
    const found = loosePresenters([probe], hostWith({ [probe]: code }));
    const names = found.map((f) => f.split(': ')[1]!.split(' ')[0]);
    expect(names).toEqual([
      'presentRecord',
      'presentInferred',
      'presentUnknown',
      'presentList',
      'presentMaybe',
    ]);
  });
});
