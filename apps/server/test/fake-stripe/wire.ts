import qs from 'qs';

/**
 * Stripe's wire format, as the fake speaks it: form-encoded parameters (`a[b][0]=c`, read with `qs`,
 * the library Stripe's own clients encoded them with) and failures as `{ error: { type, code, message,
 * param } }` with Stripe's HTTP status.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

export const missing = (what: string, id: string, param?: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);
export const invalid = (message: string, param?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
export const declined = (declineCode: 'generic_decline' | 'insufficient_funds') =>
  new StripeApiError(
    402,
    'card_error',
    declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
    'card_declined',
    undefined,
    declineCode,
  );

// ---- form encoding ----

/** A request's parameters: the body of a POST, the query otherwise; indexed keys become arrays. */
export function parseStripeForm(encoded: string): FormObject {
  return qs.parse(encoded, { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 }) as FormObject;
}

export function at(value: FormValue | undefined, ...path: Array<string | number>): FormValue | undefined {
  let node = value;
  for (const segment of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[String(segment)];
  }
  return node;
}
export const text = (value: FormValue | undefined, ...path: Array<string | number>) => {
  const found = at(value, ...path);
  return typeof found === 'string' ? found : undefined;
};
export const integer = (value: FormValue | undefined, ...path: Array<string | number>) => {
  const found = text(value, ...path);
  return found !== undefined && /^-?\d+$/.test(found) ? Number(found) : undefined;
};
export const list = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
export const metadataOf = (params: FormObject): Record<string, string> => {
  const metadata = params.metadata;
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return {};
  return Object.fromEntries(Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'));
};
