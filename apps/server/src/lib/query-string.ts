/**
 * Query-string parser: `genre[]=3&genre[]=5` and `genre[0]=3` become `genre: ['3', '5']`, a key
 * given twice becomes an array, everything else a string. Keys go into a null-prototype object.
 * Linear in the query's length (the whole target is at most 8 KiB: lib/request-target.ts).
 */
export function parseQueryString(queryString: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(queryString)) {
    const key = withoutIndex(rawKey);
    const previous = out[key];
    if (previous === undefined) out[key] = key !== rawKey ? [value] : value;
    // In place: copying the array on every repeat was quadratic in the number of repeats (issue #31).
    else if (Array.isArray(previous)) previous.push(value);
    else out[key] = [previous, value];
  }
  return out;
}

/** `genre[]` and `genre[0]` → `genre`; any other key as it is. String steps, no backtracking. */
function withoutIndex(key: string): string {
  if (!key.endsWith(']')) return key;
  const open = key.lastIndexOf('[');
  if (open === -1) return key;
  for (let i = open + 1; i < key.length - 1; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return key;
  }
  return key.slice(0, open);
}
