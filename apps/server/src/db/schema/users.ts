import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique(),
    /** When the account proved it owns `email` (demo accounts; Google said so); null: not verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone'),
    type: text('type', { enum: ['user', 'artist', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account was deleted: personal fields are anonymised; the row stays for orders and licences. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** An operator disabled the account (issue 22): its sessions were revoked and login is refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * A demo account (seeded by `npm start` with the demo catalog; passwords printed at first start).
     * A production start refuses to run while any exist (issue #31; `npm run demo:remove`).
     */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_type_check', sql`${t.type} in ('user', 'artist', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most every few minutes by the auth hook (the settings page lists devices by it). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The User-Agent header of the login, cut to 300 characters. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Single-use tokens sent by email: verify an address (`verify_email`, 24 h; `email` is the address
 * being verified), reset the password (`reset_password`, 30 min), or approve an email change of an
 * account without a password (`change_email`, mailed to the current address; `email` is the new
 * address). Only the SHA-256 is stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_tokens_user_id_idx').on(t.userId),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password', 'change_email')`),
  ],
);
