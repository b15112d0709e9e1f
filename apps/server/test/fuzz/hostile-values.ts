import type { JsonSchema } from './openapi.js';

/** Hostile input values, and a small model of what the API's schemas accept (the oracle of the fuzz suite). */

const HUGE = 100 * 1024;
const DEPTH = 1000;

/** Text PostgreSQL cannot store (NUL) or that is not Unicode (lone surrogates): must be refused, never stored. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Strings that are valid text but hostile: RTL, emoji, SQL and HTML metacharacters, control characters. */
export const HOSTILE_TEXT: readonly string[] = [
  "Robert'); DROP TABLE users;--",
  "' OR '1'='1' --",
  '1; SELECT pg_sleep(5)',
  '"; DELETE FROM playlists WHERE "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '{{7*7}} ${7*7} #{7*7} %s %n %x',
  '\\\\..\\..\\windows\\win.ini',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'مقام الحجاز على ري',
  '\u202eevil\u202c txt.exe',
  'שלום עולם \u200f',
  '🎵🪕🥁👩🏽‍🎤 🇪🇬',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'zero\u200bwidth\u200c\u200d\ufeff',
  'line\r\nSet-Cookie: injected=1',
  'tab\there\u0007bell\u001b[31mred',
  '\u00a0\u2028\u2029',
  'ＡＢＣ　ｆｕｌｌ-width',
  'ß ﬃ İ ǅ',
];

/** Invalid-as-JSON bodies (each answered 400 by the JSON parser). */
export const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{a:1}',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '// comment\n{}',
  '{"a":"\\x41"}',
  '{"a":"\\ud83d"',
  '[1,2',
  '"unterminated',
  'nul\u0000l',
  '\u0000',
  '{"a":0x10}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":tru}',
];

export function deepArray(depth = DEPTH): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function deepObject(depth = DEPTH): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/**
 * Numbers the API accepts for a numeric field: JSON numbers, or strings of digits (form-style
 * posts; with a decimal part where the field is not an integer, e.g. a price "4.99").
 */
function numericOf(value: unknown, integer: boolean): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && (integer ? /^\d+$/ : /^\d+(\.\d+)?$/).test(value)) return Number(value);
  return undefined;
}

/**
 * Whether the API should accept this value for this schema. Deliberately the intended contract,
 * not Zod's coercion: booleans, arrays and objects are not numbers; NUL and lone surrogates are not text.
 * Returns true for anything it cannot judge, so such values are never used as "invalid".
 */
function acceptable(schema: JsonSchema, value: unknown): boolean {
  if (schema.nullable && value === null) return true;
  if (schema.anyOf) return schema.anyOf.some((s) => acceptable(s, value));
  if (schema.oneOf) return schema.oneOf.some((s) => acceptable(s, value));
  if (schema.enum) return schema.enum.includes(value);
  const types = typesOf(schema);
  if (types.length === 0) return true;
  return types.some((type) => {
    switch (type) {
      case 'null':
        return value === null;
      case 'boolean':
        return typeof value === 'boolean';
      case 'string':
        return (
          typeof value === 'string' &&
          !UNSTORABLE.test(value) &&
          value.length >= (schema.minLength ?? 0) &&
          value.length <= (schema.maxLength ?? Infinity) &&
          (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value))
        );
      case 'integer':
      case 'number': {
        const n = numericOf(value, type === 'integer');
        if (n === undefined || !Number.isFinite(n)) return false;
        if (type === 'integer' && !Number.isSafeInteger(n)) return false;
        return (
          n >= (schema.minimum ?? -Infinity) &&
          n <= (schema.maximum ?? Infinity) &&
          (schema.exclusiveMinimum === undefined || n > schema.exclusiveMinimum) &&
          (schema.exclusiveMaximum === undefined || n < schema.exclusiveMaximum)
        );
      }
      case 'array':
        return (
          Array.isArray(value) &&
          value.length <= (schema.maxItems ?? Infinity) &&
          value.every((item) => (schema.items ? acceptable(schema.items, item) : true))
        );
      case 'object': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        if ((schema.required ?? []).some((k) => !(k in record))) return false;
        return Object.entries(schema.properties ?? {}).every(
          ([k, s]) => record[k] === undefined || acceptable(s, record[k]),
        );
      }
      default:
        return true;
    }
  });
}

/** Known patterns of the API, with a value that matches each. */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^cs_local_[a-f0-9]{24}$': `cs_local_${'ab'.repeat(12)}`,
  '^\\d{3,4}$': '123',
  '^[1-9]\\d{0,9}$': '1',
};

/** A value the schema accepts (the fuzz changes one part of an otherwise valid request). */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return exampleOf(schema.anyOf[0], name);
  if (schema.oneOf?.[0]) return exampleOf(schema.oneOf[0], name);
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string': {
      if (schema.pattern) return PATTERN_EXAMPLES[schema.pattern] ?? 'x';
      if (/email/i.test(name)) return 'fuzz.person@example.com';
      const min = Math.max(schema.minLength ?? 1, 1);
      const text = name.startsWith('password') ? 'correct-horse-battery' : 'fuzz';
      return text.padEnd(min, 'x').slice(0, schema.maxLength ?? Infinity);
    }
    case 'integer':
    case 'number': {
      // An id far above the rows of a test database: well-formed, and not found.
      const max = schema.maximum ?? 2_147_483_000;
      const min = schema.minimum ?? 0;
      return max >= 2_147_483_000 ? 2_147_483_000 : Math.max(min, Math.min(max, 12));
    }
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(prop, key);
      return out;
    }
    default:
      return 'x';
  }
}

export interface Candidate {
  label: string;
  value: unknown;
}

/** Values a JSON body field must refuse (only those the oracle agrees are invalid). */
export function invalidJsonValues(schema: JsonSchema): Candidate[] {
  const types = typesOf(schema);
  const max = schema.maximum;
  const pool: Candidate[] = [
    { label: 'null', value: null },
    { label: 'true', value: true },
    { label: 'false', value: false },
    { label: 'empty array', value: [] },
    { label: 'array of one id', value: [1] },
    { label: 'object', value: {} },
    { label: 'object with id', value: { id: 1 } },
    { label: 'number', value: 12345 },
    { label: 'zero', value: 0 },
    { label: 'negative', value: -1 },
    { label: 'fraction', value: 1.5 },
    { label: 'huge number', value: 1e308 },
    { label: 'huge negative', value: -1e308 },
    { label: 'unsafe integer', value: 2 ** 53 + 2 },
    { label: 'above int4', value: 2 ** 31 },
    { label: 'string 20 digits', value: '99999999999999999999' },
    { label: 'string NaN', value: 'NaN' },
    { label: 'string Infinity', value: 'Infinity' },
    { label: 'string -1', value: '-1' },
    { label: 'string 1.5', value: '1.5' },
    { label: 'string 1e3', value: '1e3' },
    { label: 'string hex', value: '0x10' },
    { label: 'padded digits', value: ' 7 ' },
    { label: 'empty string', value: '' },
    { label: 'blank string', value: '   ' },
    { label: 'word', value: 'abc' },
    { label: 'sql id', value: '1; DROP TABLE users' },
    { label: 'html id', value: '<b>1</b>' },
    { label: 'NUL', value: 'a\u0000b' },
    { label: 'NUL only', value: '\u0000' },
    { label: 'lone high surrogate', value: 'x\ud800y' },
    { label: 'lone low surrogate', value: '\udc00' },
    { label: 'reversed surrogates', value: '\ude00\ud83d' },
    { label: 'huge string', value: 'x'.repeat(HUGE) },
    { label: 'huge digits', value: '1'.repeat(HUGE) },
    { label: 'huge unicode', value: '🎵'.repeat(HUGE / 2) },
    { label: 'deep array', value: deepArray() },
    { label: 'deep object', value: deepObject() },
  ];
  if (typeof max === 'number') pool.push({ label: 'maximum + 1', value: max + 1 });
  if (typeof schema.minimum === 'number') pool.push({ label: 'minimum - 1', value: schema.minimum - 1 });
  if (typeof schema.maxLength === 'number')
    pool.push({ label: 'maxLength + 1', value: 'y'.repeat(schema.maxLength + 1) });
  if (types.includes('string') && typeof schema.minLength === 'number' && schema.minLength > 1) {
    pool.push({ label: 'minLength - 1', value: 'y'.repeat(schema.minLength - 1) });
  }
  if (schema.enum) pool.push({ label: 'not in enum', value: `${String(schema.enum[0])}-not` });
  return pool.filter((c) => !acceptable(schema, c.value));
}

/** Values a query parameter must refuse (query values are strings; arrays come from repeated keys). */
export function invalidQueryValues(schema: JsonSchema): Array<{ label: string; value: string | string[] }> {
  const types = typesOf(schema);
  if (types.includes('array')) {
    return [
      { label: 'word', value: 'abc' },
      { label: 'zero', value: '0' },
      { label: 'negative', value: '-1' },
      { label: '11 digits', value: '99999999999' },
      { label: 'fraction', value: '1.5' },
      { label: 'one good one bad', value: '1,abc' },
      { label: 'bracket array with a bad item', value: ['1', 'x'] },
      { label: 'too many', value: Array.from({ length: (schema.maxItems ?? 50) + 1 }, (_, i) => String(i + 1)) },
      { label: 'unknown id', value: '2147483000' },
      { label: 'sql', value: "1' OR '1'='1" },
      { label: 'NUL', value: '1\u0000' },
      { label: 'huge', value: '1,'.repeat(HUGE / 2) },
    ];
  }
  const out: Array<{ label: string; value: string | string[] }> = [];
  const pool: Array<{ label: string; value: string }> = [
    { label: 'word', value: 'abc' },
    { label: 'negative', value: '-1' },
    { label: 'fraction', value: '1.5' },
    { label: '20 digits', value: '99999999999999999999' },
    { label: 'NaN', value: 'NaN' },
    { label: 'Infinity', value: 'Infinity' },
    { label: '1e400', value: '1e400' },
    { label: 'NUL', value: 'a\u0000' },
    { label: 'NUL only', value: '\u0000' },
    { label: 'huge', value: 'q'.repeat(HUGE) },
  ];
  if (typeof schema.maximum === 'number') pool.push({ label: 'maximum + 1', value: String(schema.maximum + 1) });
  if (typeof schema.minimum === 'number') pool.push({ label: 'minimum - 1', value: String(schema.minimum - 1) });
  if (typeof schema.maxLength === 'number')
    pool.push({ label: 'maxLength + 1', value: 'q'.repeat(schema.maxLength + 1) });
  if ((schema.minLength ?? 0) >= 1) pool.push({ label: 'empty', value: '' });
  if (schema.enum) pool.push({ label: 'not in enum', value: 'not-a-kind' });
  for (const c of pool) if (!acceptable(schema, c.value)) out.push(c);
  // A scalar given twice arrives as an array.
  out.push({ label: 'repeated key', value: [String(exampleOf(schema)), String(exampleOf(schema))] });
  return out;
}

/**
 * Path segments a path parameter must refuse, already percent-encoded. For a free-form string
 * parameter (a signed token) every one of them is well-formed, so all are kept: the route itself must refuse them.
 */
export function invalidPathValues(schema: JsonSchema): Array<{ label: string; value: string }> {
  const freeForm = !schema.pattern && !schema.enum && typesOf(schema).includes('string');
  const pool = [
    { label: 'zero', value: '0', raw: '0' },
    { label: 'negative', value: '-1', raw: '-1' },
    { label: '20 digits', value: '99999999999999999999', raw: '99999999999999999999' },
    { label: 'word', value: 'abc', raw: 'abc' },
    { label: 'NUL', value: '%00', raw: '\u0000' },
    { label: 'dot dot slash', value: '..%2F..%2F', raw: '../../' },
    { label: 'raw dot dot', value: '../', raw: '../' },
    { label: 'fraction', value: '1.5', raw: '1.5' },
    { label: 'NaN', value: 'NaN', raw: 'NaN' },
    { label: 'Infinity', value: 'Infinity', raw: 'Infinity' },
    { label: '1e400', value: '1e400', raw: '1e400' },
    { label: 'emoji', value: '%F0%9F%8E%B5', raw: '🎵' },
    { label: 'arabic', value: '%D8%AD%D8%AC%D8%A7%D8%B2', raw: 'حجاز' },
    { label: 'sql', value: "1'%20OR%20'1'%3D'1", raw: "1' OR '1'='1" },
    { label: 'html', value: '%3Cscript%3E', raw: '<script>' },
    { label: 'spaces', value: '%20%20', raw: '  ' },
    { label: 'encoded slash', value: '1%2F2', raw: '1/2' },
    { label: 'percent sign', value: '%25', raw: '%' },
    { label: 'not an id either', value: 'null', raw: 'null' },
  ];
  return pool.filter((c) => freeForm || !acceptable(schema, c.raw)).map(({ label, value }) => ({ label, value }));
}
