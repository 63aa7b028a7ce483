import type { Queryable } from '../db';

export interface NewUser {
  id: string;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/**
 * Inserts a user without a password (an invitation or reset mail lets them set one, or they sign
 * in by single sign-on): the administrator's create and SCIM provisioning share it. A taken user
 * name is the unique index's refusal (unlessTaken).
 */
export async function insertUser(q: Queryable, user: NewUser, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO users (id, user_name, email, first_name, last_name, phone_number, company, role, password_hash, created_on,
       change_password_on_next_login, can_manage_app_registrations, failed_sign_ins, locked_until)
     VALUES ($1, $2, $3, $4, $5, NULL, NULL, $6, NULL, CAST($7 AS TIMESTAMP), false, true, 0, NULL)`,
    [user.id, user.userName, user.email, user.firstName, user.lastName, user.role, now],
  );
}
