// `npm run admin:create -- --email ops@example.com --name "Ops" [--password …] [--remote]
//   [--persist-to <dir>]`: creates an admin, or promotes an existing account to admin, in the
// local D1 (default) or the remote one. Nobody becomes admin through a request.
// Without --password a new admin gets a generated one (printed once); an existing account keeps
// its password. Promotion ends the account's sessions, so the new role applies at once. Admins
// must use two-factor sign-in: at its first sign-in, the admin is sent to set it up (an
// authenticator app) before any admin page opens, and its REST calls are refused until then.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { emailSchema, nameSchema, PASSWORD_MIN } from "#app/domain/accounts/account-schema";
import { normalizeEmail } from "#app/domain/accounts/emails";
import { hashPassword } from "#app/domain/accounts/passwords.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
  },
});

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

function d1(sql: string): Array<Record<string, unknown>> {
  const args = ["wrangler", "d1", "execute", "DB", values.remote ? "--remote" : "--local", "--json", "--command", sql];
  if (!values.remote && values["persist-to"]) args.push("--persist-to", values["persist-to"]);
  const output = execFileSync("npx", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const parsed = JSON.parse(output) as Array<{ results: Array<Record<string, unknown>> }>;
  return parsed.flatMap((statement) => statement.results ?? []);
}

function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
}

async function main() {
  const email = emailSchema.safeParse(values.email ?? "");
  const name = nameSchema.safeParse(values.name ?? "");
  if (!email.success || !name.success) {
    console.error('Usage: npm run admin:create -- --email <email> --name "<name>" [--password <pw>] [--remote]');
    if (!email.success) console.error(`  email: ${email.error.issues[0]?.message}`);
    if (!name.success) console.error(`  name: ${name.error.issues[0]?.message}`);
    process.exit(2);
  }
  if (values.password !== undefined && values.password.length < PASSWORD_MIN) {
    console.error(`Password should be at least ${PASSWORD_MIN} characters`);
    process.exit(2);
  }
  const now = Date.now();
  const [existing] = d1(
    `SELECT id, role, deleted_at FROM users WHERE lower(email) = ${quote(normalizeEmail(email.data))} LIMIT 1`,
  );
  if (existing?.deleted_at) {
    console.error(`${email.data} belongs to a deleted account; it cannot be an admin.`);
    process.exit(1);
  }
  if (existing) {
    const setPassword = values.password ? `, password_hash = ${quote(await hashPassword(values.password))}` : "";
    d1(
      `UPDATE users SET role = 'admin', name = ${quote(name.data)}, updated_at = ${now}${setPassword} WHERE id = ${quote(String(existing.id))};` +
        ` UPDATE sessions SET revoked_at = ${now} WHERE user_id = ${quote(String(existing.id))} AND revoked_at IS NULL;`,
    );
    console.log(
      `${email.data} is now an admin${existing.role === "admin" ? " (it already was)" : ` (was ${existing.role})`}.`,
    );
    if (values.password) console.log("Its password was changed.");
    console.log("Admin pages wait until the account has two-factor sign-in (Settings, at its next sign-in).");
    return;
  }
  const password = values.password ?? generatePassword();
  d1(
    `INSERT INTO users (id, email, name, role, password_hash, created_at) VALUES (` +
      `${quote(crypto.randomUUID())}, ${quote(email.data)}, ${quote(name.data)}, 'admin', ` +
      `${quote(await hashPassword(password))}, ${now})`,
  );
  console.log(`Created the admin ${email.data}.`);
  if (!values.password) console.log(`Generated password (shown once): ${password}`);
  console.log("At the first sign-in, set up two-factor sign-in with an authenticator app: admin pages wait for it.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
