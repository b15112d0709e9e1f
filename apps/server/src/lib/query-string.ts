/**
 * Query-string parser: `genre[]=3&genre[]=5` and `genre[0]=3` become `genre: ['3', '5']`, a key
 * given twice becomes an array, everything else a string. Keys go into a null-prototype object.
 */
export function parseQueryString(queryString: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(queryString)) {
    const key = rawKey.replace(/\[\d*\]$/, '');
    const previous = out[key];
    if (previous === undefined) out[key] = key !== rawKey ? [value] : value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}
