/**
 * HTTP byte serving (RFC 9110 §13-14): `Range` parsing and the conditional headers, with the same
 * answers as @fastify/send (behind @fastify/static), so media served from any storage driver behaves
 * like the static files it replaces.
 */
import rangeParser from 'range-parser';

export type RangeRequest =
  /** No usable Range: answer 200 with the whole object (no header, not `bytes=`, or several disjoint ranges). */
  | { kind: 'whole' }
  /** `bytes=` with no satisfiable range: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' }
  /** One range (overlapping or adjacent ones are merged): 206 with `Content-Range`. Inclusive bounds. */
  | { kind: 'partial'; start: number; end: number };

const BYTES_UNIT = /^ *bytes=/i;
const SUFFIX = /^\s*-\s*(\d+)\s*$/;

/**
 * `bytes=0-99`, `bytes=100-`, `bytes=-500` (the last 500), comma-separated, read by range-parser
 * (docs/decisions/024). Invalid parts are ignored, `last` past the end is clipped, and ranges are
 * merged when they overlap or touch. Several disjoint ranges are answered with the whole object (no
 * multipart responses), as @fastify/send does.
 *
 * Two rules of @fastify/send (and RFC 9110 §14.1.3) that range-parser does not follow are kept by
 * giving it the header part by part: one malformed part does not void the others, and a suffix
 * longer than the object means all of it (range-parser finds it unsatisfiable).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined || !BYTES_UNIT.test(header)) return { kind: 'whole' };
  const parts = header
    .slice(header.indexOf('=') + 1)
    .split(',')
    .map((part) => {
      const suffix = SUFFIX.exec(part);
      return suffix && Number(suffix[1]) > size ? `-${size}` : part;
    })
    .filter((part) => Array.isArray(rangeParser(size, `bytes=${part}`)));
  const ranges = parts.length > 0 ? rangeParser(size, `bytes=${parts.join(',')}`, { combine: true }) : -1;
  if (!Array.isArray(ranges)) return { kind: 'unsatisfiable' };
  if (ranges.length > 1) return { kind: 'whole' };
  return { kind: 'partial', start: ranges[0]!.start, end: ranges[0]!.end };
}

/** `bytes 0-99/1000`, or `bytes *\/1000` for a 416. */
export function contentRange(size: number, range?: { start: number; end: number }): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}

export interface Validators {
  /** Quoted entity tag, strong (`"…"`) or weak (`W/"…"`). */
  etag: string;
  /** An HTTP date (`toUTCString()`), as sent in Last-Modified. */
  lastModified: string;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Entity tags listed in If-Match / If-None-Match (quoted strings may not contain commas). */
function tokens(value: string): string[] {
  return value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * The outcome of the conditional headers for a GET/HEAD of an existing object:
 * 412 (If-Match / If-Unmodified-Since failed), 304 (If-None-Match / If-Modified-Since say the
 * client's copy is current), or go on with a normal answer.
 */
export function evaluateConditions(
  headers: Headers,
  v: Validators,
): 'precondition-failed' | 'not-modified' | 'proceed' {
  const ifMatch = header(headers, 'if-match');
  if (ifMatch && ifMatch.trim() !== '*' && !tokens(ifMatch).some((t) => t === v.etag || `W/${t}` === v.etag)) {
    return 'precondition-failed';
  }
  const ifUnmodifiedSince = header(headers, 'if-unmodified-since');
  if (!ifMatch && ifUnmodifiedSince) {
    const since = Date.parse(ifUnmodifiedSince);
    const modified = Date.parse(v.lastModified);
    if (!Number.isNaN(since) && (Number.isNaN(modified) || modified > since)) return 'precondition-failed';
  }
  // `Cache-Control: no-cache` in the request asks for the full answer (a forced reload).
  if (header(headers, 'cache-control')?.includes('no-cache')) return 'proceed';
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifNoneMatch !== undefined) {
    // Weak comparison; when If-None-Match is present, If-Modified-Since is ignored (RFC 9110 §13.1.3).
    const match = ifNoneMatch.trim() === '*' || tokens(ifNoneMatch).some((t) => opaque(t) === opaque(v.etag));
    return match ? 'not-modified' : 'proceed';
  }
  const ifModifiedSince = header(headers, 'if-modified-since');
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    const modified = Date.parse(v.lastModified);
    if (!Number.isNaN(since) && !Number.isNaN(modified) && modified <= since) return 'not-modified';
  }
  return 'proceed';
}

/** If-Range: the Range applies only while the client's validator (entity tag or date) is still current. */
export function isRangeFresh(headers: Headers, v: Validators): boolean {
  const ifRange = header(headers, 'if-range')?.trim();
  if (!ifRange) return true;
  if (ifRange.includes('"')) return ifRange === v.etag;
  const date = Date.parse(ifRange);
  const modified = Date.parse(v.lastModified);
  return !Number.isNaN(date) && !Number.isNaN(modified) && modified <= date;
}
