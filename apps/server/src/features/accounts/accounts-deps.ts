import type { FastifyBaseLogger } from "fastify";
import type { Auth } from "../../auth/create-auth";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/create-database";
import type { Mailer } from "../../plugins/mail";
import type { HeartlineServer } from "../../realtime/types";
import type { AccountLimiters } from "./account-limits";
import type { IdentityCache } from "./identity-cache";
import type { SocketIdentity } from "./socket-identity";

/** What the accounts use cases work with, built once by `createAccounts`. */
export interface AccountsDeps {
  db: Database;
  auth: Auth;
  config: AppConfig;
  io: HeartlineServer;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limiters: AccountLimiters;
  /**
   * Every node's remembered socket identities (ADR 0022): each change to a user's sessions or identity
   * calls `forget` after its commit, before it is answered.
   */
  identities: IdentityCache<SocketIdentity>;
  /**
   * The app's one account deletion (every feature's removal step), for sign-up's clean-up of a guest
   * holding the name and Better Auth's "guest signed in elsewhere". Built by the composition root.
   */
  deleteUser: (userId: string) => Promise<void>;
  /** Issue #15: AutoMod refuses a name its username rules match (throws, naming the rule). Injected. */
  screenUsername: (username: string) => void;
  /**
   * Issue #38: whether a browser (its device id cookie) is banned, so a banned browser gets no new
   * guest account, only the ban's text. Injected (moderation is built after accounts).
   */
  isBrowserBanned: (deviceId: string) => Promise<boolean>;
  /** The clock deleted names' holds are compared with (issue #38; tests move it). */
  clock: () => number;
}
