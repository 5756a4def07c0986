import { loadConfig } from "../config";
import { createDatabase } from "../db/create-database";
import { StartupError } from "../errors/startup-error";
import { setAdminRole } from "../features/accounts/index";

/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>` (ARCHITECTURE §3).
 * Uses the server's configuration: PostgreSQL (DATABASE_URL) any time, or the PGlite files in DATA_DIR
 * while the server is stopped (the data-dir lock says so otherwise). On PostgreSQL the change is
 * announced (`pg_notify`) to every running node, which tells the user's open sockets at once
 * (`adminStatusChanged`, a revoked admin's sockets leave `admins`), as a change through the admin API is.
 */
const USAGE = "Usage: npm run admin -- grant <email> | revoke <email>";

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if ((command !== "grant" && command !== "revoke") || !email || rest.length > 0 || !email.includes("@")) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const handle = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await setAdminRole({ db: handle.db, email, isAdmin: command === "grant" });
    if (result.status === "not_found") {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    const role = result.isAdmin ? "an admin" : "not an admin";
    console.log(result.status === "changed" ? `${email} is now ${role}.` : `${email} was already ${role}.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof StartupError ? error.message : error);
    process.exitCode = 1;
  },
);
