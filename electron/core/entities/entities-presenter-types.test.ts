/**
 * Every presenter declares its wire shape, once, in shared/ (issue 19, "a typed wire contract for every
 * area"): an exported `present*` function of electron/core/entities must return a type declared under
 * shared/ (shared/api-types/*.ts), or an array, `Pick`/`Omit`/`Partial` of one — never
 * `Record<string, unknown>` (or any other string-indexed map), `unknown`, `any`, or a shape declared or
 * inferred in the entity itself — so the compiler checks each field it sends against the one declaration
 * the renderer also reads. Checked with the TypeScript type checker on the real entity files (inferred
 * return types count too), plus probes that show the check can fail.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const entitiesDir = `${root}electron/core/entities/`;
const sharedDir = `${root}shared/`;

/** TypeScript's own utility types that keep a shared shape shared. */
const UTILITIES = new Set(['Pick', 'Omit', 'Partial', 'Readonly', 'Required']);

/** The compiler options of tsconfig.node.json (the config the core is built with). */
function nodeOptions(): ts.CompilerOptions {
  const configPath = `${root}tsconfig.node.json`;
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, { noEmit: true }, configPath);
  return parsed.options;
}

/** True when `symbol` is declared in a file under shared/. */
function declaredInShared(symbol: ts.Symbol | undefined): boolean {
  const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
  return file !== undefined && file.startsWith(sharedDir);
}

/** True when `t` is, or is a TypeScript utility type of, a type declared under shared/. */
function isShared(t: ts.Type): boolean {
  if (declaredInShared(t.aliasSymbol)) return true;
  if (t.aliasSymbol && UTILITIES.has(t.aliasSymbol.name) && t.aliasTypeArguments?.[0])
    return isShared(t.aliasTypeArguments[0]);
  return !t.aliasSymbol && declaredInShared(t.getSymbol());
}

/** Why `t` is not a declared wire shape, or null when it is one. */
function looseness(checker: ts.TypeChecker, t: ts.Type): string | null {
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any/unknown';
  if (t.isUnion() && !t.aliasSymbol) {
    for (const member of t.types) {
      if (member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
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
  if (!isShared(t)) return 'not declared in shared/';
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

describe('entity presenters return wire shapes declared in shared/', () => {
  it('no exported present* function of electron/core/entities returns a loose type', () => {
    const files = readdirSync(entitiesDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `${entitiesDir}${f}`);
    expect(files.length).toBeGreaterThan(20);
    expect(loosePresenters(files)).toEqual([]);
  });

  it('flags maps, unknown, and shapes declared or inferred outside shared/; passes shared shapes', () => {
    const probe = `${entitiesDir}probe-presenters.ts`;
    const code = [
      `import type { Label } from '../../../shared/api-types/labels.js';`,
      `export function presentRecord(): Record<string, unknown> { return {}; }`,
      `export function presentInferred(k: string) { return { [k]: 1 } as { [key: string]: number }; }`,
      `export function presentUnknown(): unknown { return null; }`,
      `export function presentList(): Record<string, unknown>[] { return []; }`,
      `export function presentMaybe(): Label | Record<string, string> { return {}; }`,
      `export interface LocalShape { id: number }`,
      `export function presentLocal(): LocalShape { return { id: 1 }; }`,
      `export function presentInferredShape(id: number) { return { id, name: 'x' }; }`,
      `export function presentPickLocal(): Pick<LocalShape, 'id'> { return { id: 1 }; }`,
      `export function presentLabelOk(l: Label): Label { return l; }`,
      `export function presentListOk(l: Label): Label[] { return [l]; }`,
      `export function presentMaybeOk(l: Label | null): Label | null { return l; }`,
      `export function presentPickOk(l: Label): Pick<Label, 'id' | 'name'> { return l; }`,
      `export function presentOmitOk(l: Label): Omit<Label, 'color'> { return l; }`,
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
      'presentLocal',
      'presentInferredShape',
      'presentPickLocal',
    ]);
  });
});
