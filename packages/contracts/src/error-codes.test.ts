import { describe, expect, it } from 'vitest';
import { AccountMessages } from './account-messages.js';
import { AdminMessages } from './admin.js';
import { CartMessages, MAX_CART_ITEMS } from './cart.js';
import { CommerceMessages } from './commerce.js';
import { codeOfMessage } from './error-codes.js';
import { ERROR_CODES, ErrorBody, ServerErrors, errorMessage, isErrorCode } from './errors.js';
import { IngestLimits, IngestMessages } from './ingest.js';
import { Messages } from './messages.js';
import { Api, allRoutes, errorStatusesOf, routeId } from './routes/index.js';

/** A sample value for each param of the codes whose message has values. */
const SAMPLE_PARAMS: Record<string, Record<string, string | number>> = {
  invalid_request: { fields: 'page, sort' },
  invalid_filter: { fields: 'genre' },
  payment_failed: { detail: 'The bank said no.' },
  too_many_cart_items: { max: 100 },
  format_needs_ffmpeg: { format: 'flac' },
  file_too_large: { max_mb: 50 },
  upload_quota_exceeded: { quota: '2 GB' },
  unknown_option: { field: 'genre' },
  meter_of_iqa: { iqa: 'Maqsum', meter: '4/4' },
  audio_damaged: { detail: 'the data chunk is cut short.' },
  sample_rate_unsupported: { hz: 4000 },
  too_many_channels: { channels: 12 },
};

const render = (code: (typeof ERROR_CODES)[number]) =>
  (errorMessage as (c: string, p?: unknown) => string)(code, SAMPLE_PARAMS[code]);

describe('the error codes (decision 062)', () => {
  it('are snake_case, listed once, each with a message', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(50);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      expect(isErrorCode(code)).toBe(true);
      expect(render(code).length, code).toBeGreaterThan(0);
    }
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('Not found')).toBe(false);
  });

  it('and their messages are one-to-one: no two codes share a text', () => {
    const byText = new Map<string, string>();
    for (const code of ERROR_CODES) {
      const text = render(code);
      expect(byText.get(text), `"${text}" is the message of ${byText.get(text)} and ${code}`).toBeUndefined();
      byText.set(text, code);
    }
  });

  it('gives every code with values in its message a sample here, and only those', () => {
    const withParams = ERROR_CODES.filter((code) => typeof ServerErrors[code] === 'function');
    expect(withParams.sort()).toEqual(Object.keys(SAMPLE_PARAMS).sort());
    expect(errorMessage('file_too_large', { max_mb: 3 })).toBe('The file is too large (the limit is 3 MB).');
    expect(errorMessage('not_found')).toBe('Not found');
  });

  it('are where the message constants take their texts from (one source, unchanged spellings)', () => {
    expect(Messages.notFound).toBe(ServerErrors.not_found);
    expect(Messages.unauthenticated).toBe('Unauthenticated.');
    expect(Messages.invalidCredentials).toBe(ServerErrors.invalid_credentials);
    expect(CommerceMessages.paymentDeclined).toBe(ServerErrors.card_declined);
    expect(CommerceMessages.trackNotFound).toBe(AdminMessages.trackNotFound);
    expect(IngestMessages.trackNotFound).toBe(ServerErrors.track_not_found);
    expect(AccountMessages.resetLinkInvalid).toBe(ServerErrors.reset_link_invalid);
    expect(CartMessages.tooManyItems).toBe(
      `A checkout holds at most ${MAX_CART_ITEMS} tracks. Split the playlist and license each part.`,
    );
    expect(IngestMessages.fileTooLarge(2.5)).toBe(errorMessage('file_too_large', { max_mb: 2.5 }));
    expect(IngestMessages.meterOfIqa('Maqsum', '4/4')).toBe('The meter of Maqsum is 4/4.');
  });

  it("give the ingest's texts unchanged, with IngestLimits' numbers in them", () => {
    const L = IngestLimits;
    expect(IngestMessages.corrupt('it cannot be decoded.')).toBe('The audio file is damaged: it cannot be decoded.');
    expect(IngestMessages.tooShort).toBe(`The audio is too short (at least ${L.minDurationS} second).`);
    expect(IngestMessages.tooLong).toBe(`The audio is too long (at most ${L.maxDurationS / 60} minutes).`);
    expect(IngestMessages.tooLarge).toBe(
      `The audio is too large to process (at most ${L.maxDurationS / 60} minutes of 96 kHz stereo, or as many samples).`,
    );
    expect(L.maxDecodedSamples).toBe(L.maxDurationS * 96_000 * 2);
    expect(IngestMessages.sampleRate(4000)).toBe(
      `The sample rate 4000 Hz is not supported (${L.minSampleRate}–${L.maxSampleRate} Hz).`,
    );
    expect(IngestMessages.channels(12)).toBe(`Audio with 12 channels is not supported (at most ${L.maxChannels}).`);
    expect(IngestMessages.silent).toBe('The audio is silent.');
    expect(IngestMessages.processingFailed).toBe('The file could not be processed. Try again or upload another file.');
    expect(IngestMessages.formatNeedsFfmpeg('flac')).toBe(
      'FLAC files cannot be processed on this server; upload WAV or MP3.',
    );
    // The metadata schema's messages.
    expect(ServerErrors.title_too_long).toBe(`The title may not be greater than ${L.titleMax} characters.`);
    expect(ServerErrors.arabic_title_too_long).toBe(
      `The Arabic title may not be greater than ${L.titleMax} characters.`,
    );
    for (const field of ['genres', 'moods', 'themes', 'instruments'] as const) {
      expect(ServerErrors[`${field}_too_many`]).toBe(`Choose at most ${L.maxTagsPerKind} ${field}.`);
      expect(ServerErrors[`${field}_not_ids`]).toBe(`The ${field} field must be a list of ids.`);
    }
    expect(ServerErrors.bpm_too_small).toBe(`The bpm must be at least ${L.minBpm}.`);
    expect(ServerErrors.bpm_too_large).toBe(`The bpm may not be greater than ${L.maxBpm}.`);
    expect(ServerErrors.price_too_large).toBe(`The price may not be greater than ${L.maxPrice}.`);
    expect(ServerErrors.price_not_number).toBe('The price must be a number.');
  });

  it('ErrorBody: a code of the list is required; params, errors and field_codes are optional', () => {
    expect(ErrorBody.parse({ code: 'not_found', message: 'Not found' })).toEqual({
      code: 'not_found',
      message: 'Not found',
    });
    const full = {
      code: 'validation_failed',
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
      field_codes: { email: ['email_taken'] },
    };
    expect(ErrorBody.parse(full)).toEqual(full);
    expect(ErrorBody.parse({ code: 'file_too_large', message: 'x', params: { max_mb: 3 } }).params).toEqual({
      max_mb: 3,
    });
    expect(ErrorBody.safeParse({ message: 'Not found' }).success).toBe(false);
    expect(ErrorBody.safeParse({ code: 'ECONNREFUSED', message: 'x' }).success).toBe(false);
    expect(ErrorBody.safeParse({ code: 'not_found', message: 'x', field_codes: { a: ['nope'] } }).success).toBe(false);
  });
});

/** A zod schema, as the walk below reads it (`_zod.def`: its checks, its inner schemas). */
type Walkable = { _zod: { def: Record<string, unknown> & { checks?: Walkable[]; error?: unknown } } };
const isSchema = (value: unknown): value is Walkable => typeof value === 'object' && value !== null && '_zod' in value;

/** Every message a schema (and the schemas inside it) was given, with where it is. */
function messagesOf(schema: unknown, where: string, found: Map<string, string>, seen = new Set<unknown>()) {
  if (!isSchema(schema) || seen.has(schema)) return;
  seen.add(schema);
  const { def } = schema._zod;
  for (const source of [schema, ...(def.checks ?? [])]) {
    const error = source._zod.def.error;
    const message: unknown = typeof error === 'function' ? (error as (issue: object) => unknown)({}) : undefined;
    if (typeof message === 'string') found.set(message, where);
  }
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value) {
      for (const [field, inner] of Object.entries(value)) messagesOf(inner, `${where}.${field}`, found, seen);
    } else if (Array.isArray(value)) value.forEach((inner) => messagesOf(inner, where, found, seen));
    else messagesOf(value, where, found, seen);
  }
}

describe("the schemas' field messages", () => {
  it('are each an entry of the table, so a field error carries a code (field_codes)', () => {
    const found = new Map<string, string>();
    for (const route of allRoutes) {
      for (const part of ['body', 'query', 'params'] as const)
        messagesOf(route[part], `${routeId(route)} ${part}`, found);
    }
    // The walk reaches the schemas' own messages (the sign-up form's, the upload form's, the filters').
    expect(found.size).toBeGreaterThan(60);
    const withoutCode = [...found].filter(([message]) => codeOfMessage(message) === undefined);
    expect(withoutCode, 'add these messages to ServerErrors and use the entry in the schema').toEqual([]);
    expect(codeOfMessage(ServerErrors.title_required)).toBe('title_required');
    expect(codeOfMessage('The title field is required')).toBeUndefined();
  });
});

describe('errorStatusesOf: the error statuses of a route', () => {
  it('derives them from access, params, body and method, and adds the route’s own', () => {
    expect(errorStatusesOf(Api.health.health)).toEqual([400, 500, 503]);
    expect(errorStatusesOf(Api.catalog.album)).toEqual([400, 404, 500, 503]);
    expect(errorStatusesOf(Api.auth.me)).toEqual([400, 401, 500, 503]);
    expect(errorStatusesOf(Api.admin.users)).toEqual([400, 401, 403, 500, 503]);
    // A write: 403 (cross-site), and with a body 413, 415, 422; the login's own 401, 403, 429.
    expect(errorStatusesOf(Api.auth.login)).toEqual([400, 401, 403, 413, 415, 422, 429, 500, 503]);
    expect(errorStatusesOf(Api.library.share, { rateLimited: true })).toEqual([400, 401, 403, 404, 429, 500, 503]);
  });

  it('declares 401 on every route that needs a session and 403 on every artist and admin route', () => {
    for (const route of allRoutes) {
      const statuses = errorStatusesOf(route);
      if (route.access !== 'public') expect(statuses, route.path).toContain(401);
      if (route.access === 'artist' || route.access === 'admin') expect(statuses, route.path).toContain(403);
      if (route.body) expect(statuses, route.path).toContain(422);
    }
  });
});
