// The users table: created at the first code login (sign-up and login are one step).
import crypto from 'node:crypto';
import type { Db } from '../db';
import type { UsersTable } from '../db/tables/accounts';

export type AccountType = 'PERSONAL' | 'COMPANY';

export interface User {
  id: number;
  mobile: string;
  accountType: AccountType;
  hasPassword: boolean;
}

function toUser(row: UsersTable): User {
  return { id: Number(row.id), mobile: row.mobile, accountType: row.account_type === 'COMPANY' ? 'COMPANY' : 'PERSONAL', hasPassword: row.password_hash !== null };
}

export class Users {
  constructor(private readonly db: Db) {}

  async byId(id: number): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  async passwordHashOf(mobile: string): Promise<{ user: User; hash: string | null } | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
    return row && { user: toUser(row), hash: row.password_hash };
  }

  /** The user of this number, created when new; a simultaneous sign-up of the same number finds the winner's row. */
  async findOrCreate(mobile: string): Promise<{ user: User; created: boolean }> {
    const existing = await this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
    if (existing) return { user: toUser(existing), created: false };
    // Random ids in a range wide enough that a clash is rare (and only means another try), never a
    // counter that tells how many users there are.
    for (let attempt = 0; ; attempt++) {
      const id = crypto.randomInt(100_000_000, 2_000_000_000);
      try {
        await this.db.insertInto('users').values({ id, mobile, password_hash: null, account_type: 'PERSONAL', created_at: Date.now(), company_name: null }).execute();
        return { user: { id, mobile, accountType: 'PERSONAL', hasPassword: false }, created: true };
      } catch (error) {
        const winner = await this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
        if (winner) return { user: toUser(winner), created: false };
        if (attempt >= 3) throw error;
      }
    }
  }

  async setPasswordHash(id: number, hash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
  }
}
