import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Enterprise "Request a quote" requests (pricing page); the operator is told by email. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    needs: text('needs').notNull(),
    /** The account that asked, when logged in; kept when the account goes (the request is the company's). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the operator's email was sent; null until then (a failed send is retried at the next start). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_created_idx').on(t.createdAt),
    check('quote_requests_needs_length', sql`char_length(${t.needs}) <= 5000`),
  ],
);
