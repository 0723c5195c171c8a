import { timestamp } from 'drizzle-orm/pg-core';

/** The timestamp columns every table file writes the same way: with time zone, read as a Date. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
