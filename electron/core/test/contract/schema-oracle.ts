/**
 * GitLab's own JSON response schemas (copied byte for byte into ./gitlab-schemas from GitLab's
 * spec/fixtures/api/schemas; see its INDEX.md for provenance) compiled with Ajv 2020 as a contract
 * oracle. Each file is registered under its path as `$id`, so relative `$ref`s resolve.
 * Two documented adjustments (INDEX.md): format assertions off (GitLab sends dates as YYYY-MM-DD where
 * a schema says date-time), and label_basic.json's Ruby-only pattern `{3}{1,2}` rewritten for ECMA-262.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gitlab-schemas');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    return statSync(full).isDirectory() ? walk(full) : f.endsWith('.json') ? [full] : [];
  });
}

/** Build the oracle. `relax` drops `additionalProperties: false` and the given required keys, per schema file. */
export function loadSchemaOracle(): {
  validator(file: string, relax?: { required?: string[]; open?: boolean }): ValidateFunction;
} {
  const raw = new Map<string, Record<string, unknown>>();
  for (const file of walk(ROOT)) {
    const id = path.relative(ROOT, file).split(path.sep).join('/');
    let text = readFileSync(file, 'utf8');
    if (id.endsWith('label_basic.json'))
      text = text.replace('^#[0-9A-Fa-f]{3}{1,2}$', '^#([0-9A-Fa-f]{3}){1,2}$');
    raw.set(id, JSON.parse(text) as Record<string, unknown>);
  }
  return {
    validator(file, relax) {
      const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
      for (const [id, schema] of raw) {
        if (id === file && relax) {
          const copy = structuredClone(schema);
          if (relax.open) delete copy.additionalProperties;
          if (relax.required && Array.isArray(copy.required)) {
            copy.required = (copy.required as string[]).filter((k) => !relax.required!.includes(k));
          }
          ajv.addSchema({ ...copy, $id: id });
        } else {
          ajv.addSchema({ ...schema, $id: id });
        }
      }
      const v = ajv.getSchema(file);
      if (!v) throw new Error(`no schema ${file}`);
      return v;
    },
  };
}
