import {
  HUMAN_VERIFICATION_MESSAGES,
  type HumanCheckConfig as PublicHumanCheckConfig,
} from "@heartline/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../errors/app-error";
import { type AltchaCheck, createAltchaCheck } from "./altcha-check";
import { createHumanPass, type HumanPass } from "./human-pass";
import { createReplayStore } from "./replay-store";
import { createSiteverifyCheck } from "./siteverify-check";

declare module "fastify" {
  interface FastifyInstance {
    /** The human check of ARCHITECTURE §2 in front of guest, sign-in and sign-up. */
    humanCheck: HumanCheck;
  }
}

export interface HumanCheck {
  /** What the web needs to render the widget (no secrets). */
  publicConfig: PublicHumanCheckConfig;
  /** Null unless the provider is ALTCHA. */
  altcha: AltchaCheck | null;
  /** Verifies a widget token; throws `AppError` with the reason (spec §8). */
  verify(token: string, remoteIp: string): Promise<void>;
  pass: HumanPass;
  /**
   * Spends the request's human pass (spec §4: guest, sign-in and sign-up go through the check).
   * With HUMAN_CHECK=off it lets everyone through; otherwise a missing or used pass is a 403.
   */
  requirePass(request: FastifyRequest): Promise<void>;
}

export interface HumanCheckPluginOptions {
  /** Tests point Turnstile/reCAPTCHA at a local fake siteverify endpoint. */
  siteverifyUrl?: string;
}

export const humanCheckPlugin = fp<HumanCheckPluginOptions>(
  async (app: FastifyInstance, options) => {
    const { provider, altcha, turnstile, recaptcha } = app.config.humanCheck;
    const replays = createReplayStore(app.redis);
    const pass = createHumanPass({
      authSecret: app.config.authSecret,
      replays,
      isSecure: app.config.publicUrl.startsWith("https:"),
    });
    const altchaCheck =
      provider === "altcha"
        ? createAltchaCheck({ authSecret: app.config.authSecret, ...altcha, replays })
        : null;
    const keys = provider === "turnstile" ? turnstile : provider === "recaptcha" ? recaptcha : undefined;
    const siteverify =
      keys && (provider === "turnstile" || provider === "recaptcha")
        ? createSiteverifyCheck({
            provider,
            secretKey: keys.secretKey,
            replays,
            ...(options.siteverifyUrl ? { url: options.siteverifyUrl } : {}),
          })
        : null;

    const humanCheck: HumanCheck = {
      publicConfig: keys ? { provider, siteKey: keys.siteKey } : { provider },
      altcha: altchaCheck,
      pass,
      async verify(token, remoteIp) {
        if (altchaCheck) return altchaCheck.verify(token);
        if (siteverify) return siteverify.verify(token, remoteIp);
        // HUMAN_CHECK=off: nothing to verify, but the flow stays the same for the client.
      },
      async requirePass(request) {
        if (provider === "off") return;
        if (!(await pass.consume(request.headers.cookie))) {
          throw new AppError("forbidden", HUMAN_VERIFICATION_MESSAGES.genericFailure);
        }
      },
    };
    app.decorate("humanCheck", humanCheck);
  },
  { name: "human-check", dependencies: ["redis"], decorators: { fastify: ["config", "redis"] } },
);
