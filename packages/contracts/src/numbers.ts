import { z } from './zod.js';

/**
 * Numbers in requests: JSON numbers, or strings written the plain way (query strings, form fields).
 * Nothing else is coerced: `true`, `[5]`, `""`, `" 7 "`, `"0x10"` or `"1e3"` are not numbers.
 */
export const fromDigits = (value: unknown) =>
  typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
export const fromDecimal = (value: unknown) =>
  typeof value === 'string' && /^\d{1,12}(\.\d{1,12})?$/.test(value) ? Number(value) : value;

/** A whole number (given as a number or a string of digits), checked by `schema`. */
export const wholeNumber = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(fromDigits), schema);
/** A decimal number (given as a number or a plain decimal string), checked by `schema`. */
export const decimalNumber = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(fromDecimal), schema);
