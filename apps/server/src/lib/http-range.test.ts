import { describe, expect, it } from 'vitest';
import { contentRange, evaluateConditions, isRangeFresh, parseRange } from './http-range.js';

describe('parseRange', () => {
  it('answers the whole object without a bytes Range', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'whole' });
    expect(parseRange('', 10)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-5', 10)).toEqual({ kind: 'whole' });
  });

  it('reads first-last, first- and -suffix ranges with inclusive bounds', () => {
    expect(parseRange('bytes=2-4', 10)).toEqual({ kind: 'partial', start: 2, end: 4 });
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=7-', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange(' bytes= 1 - 2 ', 10)).toEqual({ kind: 'partial', start: 1, end: 2 });
    expect(parseRange('BYTES=1-2', 10)).toEqual({ kind: 'partial', start: 1, end: 2 });
  });

  it('clips a last byte past the end, and a suffix longer than the object', () => {
    expect(parseRange('bytes=5-99', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
    expect(parseRange('bytes=-50', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
  });

  it('is unsatisfiable when no range fits (416)', () => {
    expect(parseRange('bytes=10-12', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=50-60', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5-2', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    // Syntactically broken: as @fastify/send, no satisfiable range.
    expect(parseRange('bytes=abc', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1.5-2', 10)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores invalid parts next to a valid one', () => {
    expect(parseRange('bytes=abc, 2-3', 10)).toEqual({ kind: 'partial', start: 2, end: 3 });
    expect(parseRange('bytes=50-60,1-1', 10)).toEqual({ kind: 'partial', start: 1, end: 1 });
  });

  it('merges overlapping and adjacent ranges; several disjoint ones get the whole object', () => {
    expect(parseRange('bytes=0-3,2-5', 10)).toEqual({ kind: 'partial', start: 0, end: 5 });
    expect(parseRange('bytes=4-5,0-3', 10)).toEqual({ kind: 'partial', start: 0, end: 5 });
    expect(parseRange('bytes=0-1,5-6', 10)).toEqual({ kind: 'whole' });
  });

  it('handles sizes beyond 32 bits', () => {
    const size = 6 * 1024 ** 3;
    expect(parseRange(`bytes=${size - 2}-`, size)).toEqual({ kind: 'partial', start: size - 2, end: size - 1 });
  });
});

describe('contentRange', () => {
  it('formats a 206 and a 416 Content-Range', () => {
    expect(contentRange(10, { start: 2, end: 4 })).toBe('bytes 2-4/10');
    expect(contentRange(10)).toBe('bytes */10');
  });
});

describe('conditional requests', () => {
  const v = { etag: '"abc"', lastModified: 'Sun, 01 Mar 2026 10:00:00 GMT' };
  const weak = { ...v, etag: 'W/"abc"' };

  it('answers 304 when If-None-Match matches (weak comparison, lists, *)', () => {
    expect(evaluateConditions({ 'if-none-match': '"abc"' }, v)).toBe('not-modified');
    expect(evaluateConditions({ 'if-none-match': 'W/"abc"' }, v)).toBe('not-modified');
    expect(evaluateConditions({ 'if-none-match': '"abc"' }, weak)).toBe('not-modified');
    expect(evaluateConditions({ 'if-none-match': '"x", "abc"' }, v)).toBe('not-modified');
    expect(evaluateConditions({ 'if-none-match': '*' }, v)).toBe('not-modified');
    expect(evaluateConditions({ 'if-none-match': '"other"' }, v)).toBe('proceed');
  });

  it('uses If-Modified-Since only without If-None-Match', () => {
    expect(evaluateConditions({ 'if-modified-since': v.lastModified }, v)).toBe('not-modified');
    expect(evaluateConditions({ 'if-modified-since': 'Sun, 01 Mar 2026 09:00:00 GMT' }, v)).toBe('proceed');
    expect(evaluateConditions({ 'if-modified-since': 'garbage' }, v)).toBe('proceed');
    expect(
      evaluateConditions({ 'if-none-match': '"other"', 'if-modified-since': 'Mon, 02 Mar 2026 00:00:00 GMT' }, v),
    ).toBe('proceed');
  });

  it('gives a full answer to a forced reload (Cache-Control: no-cache)', () => {
    expect(evaluateConditions({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }, v)).toBe('proceed');
  });

  it('answers 412 when If-Match or If-Unmodified-Since fail', () => {
    expect(evaluateConditions({ 'if-match': '"nope"' }, v)).toBe('precondition-failed');
    expect(evaluateConditions({ 'if-match': '"abc"' }, v)).toBe('proceed');
    expect(evaluateConditions({ 'if-match': '*' }, v)).toBe('proceed');
    expect(evaluateConditions({ 'if-unmodified-since': 'Sat, 28 Feb 2026 00:00:00 GMT' }, v)).toBe(
      'precondition-failed',
    );
    expect(evaluateConditions({ 'if-unmodified-since': v.lastModified }, v)).toBe('proceed');
  });

  it('applies a Range only while If-Range still matches', () => {
    expect(isRangeFresh({}, v)).toBe(true);
    expect(isRangeFresh({ 'if-range': '"abc"' }, v)).toBe(true);
    expect(isRangeFresh({ 'if-range': '"old"' }, v)).toBe(false);
    expect(isRangeFresh({ 'if-range': v.lastModified }, v)).toBe(true);
    expect(isRangeFresh({ 'if-range': 'Sat, 28 Feb 2026 00:00:00 GMT' }, v)).toBe(false);
    expect(isRangeFresh({ 'if-range': 'not a date' }, v)).toBe(false);
  });
});
