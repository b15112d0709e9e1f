import { z } from 'zod';
import { EmailField } from './auth.js';
import { ServerErrors } from './error-codes.js';

/** Enterprise "Request a quote" (pricing page): a short form the operator answers by email. */

export const QuoteLimits = { nameMax: 100, companyMax: 150, needsMin: 10, needsMax: 5000 } as const;

export const QuoteMessages = {
  received: 'Thank you. Your request is with our licensing team; we reply by email within two business days.',
  nameRequired: ServerErrors.name_required,
  nameTooLong: `The name may not be greater than ${QuoteLimits.nameMax} characters.`,
  companyRequired: ServerErrors.company_required,
  companyTooLong: `The company may not be greater than ${QuoteLimits.companyMax} characters.`,
  needsRequired: ServerErrors.needs_required,
  needsTooShort: `Tell us a little more (at least ${QuoteLimits.needsMin} characters).`,
  needsTooLong: `The description may not be greater than ${QuoteLimits.needsMax} characters.`,
} as const;

const text = (required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be a string.') });

export const QuoteRequestBody = z.object({
  name: text(QuoteMessages.nameRequired)
    .trim()
    .min(1, QuoteMessages.nameRequired)
    .max(QuoteLimits.nameMax, QuoteMessages.nameTooLong),
  company: text(QuoteMessages.companyRequired)
    .trim()
    .min(1, QuoteMessages.companyRequired)
    .max(QuoteLimits.companyMax, QuoteMessages.companyTooLong),
  email: EmailField,
  needs: text(QuoteMessages.needsRequired)
    .trim()
    // An empty field says only that it is required.
    .min(1, { error: QuoteMessages.needsRequired, abort: true })
    .min(QuoteLimits.needsMin, QuoteMessages.needsTooShort)
    .max(QuoteLimits.needsMax, QuoteMessages.needsTooLong),
});
export type QuoteRequestBody = z.infer<typeof QuoteRequestBody>;

export const QuoteRequestResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), created_at: z.string() }),
});
