import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { ERROR_CODES, ServerErrors, type ErrorCode } from '@tarab/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from '@/testing/message-arguments';
import { ApiError, parseErrorResponse, parseNetworkError, UnexpectedAnswerError } from '@/lib/api-errors';
import { arabic } from '@/testing/arabic-catalogue';
import { codeText, errorText, fieldErrorsOf, storedErrorText, type ParamsText } from './error-text';

const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} });
const arabicIntl = createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} });
const ar = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../lang/ar.json'), 'utf8')) as Record<
  string,
  { defaultMessage: string }
>;

/** A code's parameter names, as its English message (contracts `ServerErrors`) reads them. */
function paramsOf(code: ErrorCode): string[] {
  const entry = ServerErrors[code] as string | ((params: unknown) => string);
  if (typeof entry === 'string') return [];
  const names = new Set<string>();
  entry(new Proxy({}, { get: (_target, name) => (names.add(String(name)), `{${String(name)}}`) }));
  return [...names].sort();
}

describe('errors by code (decision 062)', () => {
  it('ar.json has an `error.<code>` for every code of the contracts, with the same parameters, and no other', () => {
    const entries = Object.keys(ar).filter((id) => id.startsWith('error.'));
    expect(
      entries.map((id) => id.slice('error.'.length)).filter((code) => !ERROR_CODES.includes(code as ErrorCode)),
    ).toEqual([]);
    expect(ERROR_CODES.filter((code) => !(`error.${code}` in ar))).toEqual([]);
    for (const code of ERROR_CODES) {
      expect([...argumentsOf(parse(ar[`error.${code}`]!.defaultMessage))].sort(), code).toEqual(paramsOf(code));
    }
  });

  it('reads the code, params and field codes of an error body, and tolerates a body without them', () => {
    const error = parseErrorResponse(413, {
      code: 'file_too_large',
      message: 'The file is too large (the limit is 50 MB).',
      params: { max_mb: 50, nested: { no: 1 } },
    });
    expect(error).toMatchObject({ status: 413, code: 'file_too_large', params: { max_mb: 50 } });
    expect(parseErrorResponse(502, '<html>Bad gateway</html>').code).toBe('unknown');
    expect(parseErrorResponse(409, { code: 'a_code_from_the_future', message: 'Later.' })).toMatchObject({
      code: 'unknown',
      message: 'Later.',
    });
    expect(
      parseErrorResponse(422, {
        code: 'validation_failed',
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
        field_codes: { email: ['email_taken', 'not_a_code'] },
      }).fieldCodes,
    ).toEqual({ email: ['email_taken'] });
    expect(parseNetworkError(new TypeError('Failed to fetch')).code).toBe('network_error');
    expect(new UnexpectedAnswerError(200).code).toBe('unreadable_answer');
  });

  it('shows an error in the page language by its code: the server text on English pages', () => {
    const tooMany = parseErrorResponse(429, { code: 'too_many_requests', message: ServerErrors.too_many_requests });
    expect(errorText(english, tooMany)).toBe(ServerErrors.too_many_requests);
    expect(errorText(arabicIntl, tooMany)).toBe('محاولات كثيرة جدًا. يُرجى المحاولة لاحقًا.');
    const tooLarge = parseErrorResponse(413, {
      code: 'file_too_large',
      message: ServerErrors.file_too_large({ max_mb: 50 }),
      params: { max_mb: 50 },
    });
    expect(errorText(english, tooLarge)).toBe('The file is too large (the limit is 50 MB).');
    expect(errorText(arabicIntl, tooLarge)).toContain('50');
    expect(errorText(arabicIntl, tooLarge)).toContain('الملف كبير جدًا');
  });

  it('shows field errors by their codes, the others as sent; a 422 says its first field', () => {
    const error = parseErrorResponse(422, {
      code: 'validation_failed',
      message: ServerErrors.email_taken,
      errors: { email: [ServerErrors.email_taken], name: ['The name field is required.'] },
      field_codes: { email: ['email_taken'] },
    });
    expect(fieldErrorsOf(arabicIntl, error)).toEqual({
      email: ['هذا البريد الإلكتروني مستخدَم بالفعل.'],
      name: ['The name field is required.'],
    });
    expect(fieldErrorsOf(english, error).email).toEqual([ServerErrors.email_taken]);
    expect(errorText(arabicIntl, error)).toBe('هذا البريد الإلكتروني مستخدَم بالفعل.');
  });

  it("takes a feature's words for a code's values, also for a field code (which has no params)", () => {
    const named: ParamsText = (code, params, field) =>
      code === 'unknown_option' ? { field: `<${String(params?.['field'] ?? field)}>` } : undefined;
    const error = parseErrorResponse(422, {
      code: 'validation_failed',
      message: ServerErrors.unknown_option({ field: 'genre' }),
      errors: { genre: [ServerErrors.unknown_option({ field: 'genre' })] },
      field_codes: { genre: ['unknown_option'] },
    });
    expect(fieldErrorsOf(arabicIntl, error, named).genre).toEqual(['قيمة <genre> المختارة غير صالحة.']);
    expect(errorText(arabicIntl, error, named)).toBe('قيمة <genre> المختارة غير صالحة.');
    expect(fieldErrorsOf(english, error, named).genre).toEqual(['The selected genre is invalid.']);
    // A failure stored with its code and params (an upload's error_code, error_params), and a browser's check.
    const stored = { code: 'audio_silent', english: ServerErrors.audio_silent } as const;
    expect(storedErrorText(english, stored)).toBe('The audio is silent.');
    expect(storedErrorText(arabicIntl, stored)).toBe('الملف الصوتي صامت.');
    expect(codeText(english, 'file_too_large', { max_mb: 2 })).toBe('The file is too large (the limit is 2 MB).');
  });

  it('has its own words for no answer, an unreadable answer and anything that is not an API error', () => {
    expect(errorText(english, parseNetworkError(new TypeError('Failed to fetch')))).toBe('Network error');
    expect(errorText(arabicIntl, new UnexpectedAnswerError(200))).toBe('أرسل الخادم ردًّا لا تستطيع هذه الصفحة قراءته.');
    expect(errorText(english, new Error('boom'))).toBe('Something went wrong');
    expect(errorText(arabicIntl, parseErrorResponse(502, undefined))).toBe('حدث خطأ ما');
    expect(errorText(english, new ApiError(502, 'Bad gateway'))).toBe('Bad gateway');
    expect(codeText(english, 'download_failed')).toBe(ServerErrors.download_failed);
    expect(codeText(arabicIntl, 'download_failed')).not.toBe(ServerErrors.download_failed);
  });
});
