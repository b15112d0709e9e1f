import { z } from './zod.js';
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
    .check(z.trim())
    .check(z.minLength(1, QuoteMessages.nameRequired))
    .check(z.maxLength(QuoteLimits.nameMax, QuoteMessages.nameTooLong)),
  company: text(QuoteMessages.companyRequired)
    .check(z.trim())
    .check(z.minLength(1, QuoteMessages.companyRequired))
    .check(z.maxLength(QuoteLimits.companyMax, QuoteMessages.companyTooLong)),
  email: EmailField,
  needs: text(QuoteMessages.needsRequired)
    .check(z.trim())
    .check(z.minLength(1, { error: QuoteMessages.needsRequired, abort: true }))
    .check(z.minLength(QuoteLimits.needsMin, QuoteMessages.needsTooShort))
    .check(z.maxLength(QuoteLimits.needsMax, QuoteMessages.needsTooLong)),
});
export type QuoteRequestBody = z.infer<typeof QuoteRequestBody>;

export const QuoteRequestResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().check(z.int()), created_at: z.string() }),
});
