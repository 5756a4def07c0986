import type { FastifyBaseLogger } from "fastify";
import type { Auth } from "../../auth/create-auth";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/create-database";
import type { Mailer } from "../../plugins/mail";
import type { HeartlineServer } from "../../realtime/types";
import type { AccountLimiters } from "./account-limits";

/** What the accounts use cases work with, built once by the composition root (`features/index.ts`). */
export interface AccountsDeps {
  db: Database;
  auth: Auth;
  config: AppConfig;
  io: HeartlineServer;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limiters: AccountLimiters;
  /**
   * Removes a user with everything they own (the profiles feature's deletion), for sign-up's clean-up
   * of a guest holding the name. Injected, so accounts does not depend on profiles.
   */
  deleteUser: (userId: string) => Promise<void>;
  /** Issue #15: AutoMod refuses a name its username rules match (throws, naming the rule). Injected. */
  screenUsername: (username: string) => void;
}
