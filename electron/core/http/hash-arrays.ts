/**
 * Arrays of hashes in bracket notation as Rack (and so GitLab) reads them. `qs` folds repeated keys of
 * `a[][k]=1&a[][k]=2` into one element `[{k: ['1', '2']}]` where Rack starts a new hash for each
 * repeated key (`[{k: '1'}, {k: '2'}]`). `splitHashArray` undoes the fold: an element whose values are
 * arrays becomes one element per index (scalar values stay with the first). JSON bodies pass through.
 * Pure; unit-tested.
 */

/** Split folded elements of an array of hashes; anything else is returned unchanged. */
export function splitHashArray(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.flatMap((el: unknown) => {
    if (!el || typeof el !== 'object' || Array.isArray(el)) return [el];
    const entries = Object.entries(el as Record<string, unknown>);
    const n = Math.max(1, ...entries.map(([, v]) => (Array.isArray(v) ? v.length : 1)));
    if (n === 1) return [el];
    return Array.from({ length: n }, (_, i) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries) {
        if (Array.isArray(v)) {
          if (i < v.length) out[k] = v[i];
        } else if (i === 0) out[k] = v;
      }
      return out;
    });
  });
}
