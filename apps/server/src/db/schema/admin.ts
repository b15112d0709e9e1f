import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * What operators did in the console (issue 22): one row per action, who (id and email at the time),
 * what (`action`, e.g. `user.disable`, and its target), when, and the target's state before and after.
 * Append-only: a trigger (migration) refuses UPDATE, DELETE and TRUNCATE, so the log cannot be edited
 * from the application's connection. No foreign keys: a row must outlive what it names.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Free text the operator gave (a takedown's note), when any. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
    // One refund entry per order: a double click, or a webhook that refunded the order between the
    // provider's answer and our write, still leaves exactly one (insert … on conflict do nothing).
    uniqueIndex('admin_audit_log_one_refund_per_order')
      .on(t.targetId)
      .where(sql`${t.action} = 'order.refund'`),
  ],
);
