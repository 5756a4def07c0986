import helmet from "@fastify/helmet";
import { SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors/app-error";
import { isForgedWrite } from "../lib/trusted-origin";

/**
 * Security headers for every HTTP answer, with a Content-Security-Policy that fits the built Vite
 * React app: scripts only from our origin, inline styles allowed (React style props, toasts),
 * images from data:/blob: (previews before upload), sockets only to our own origin.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const publicUrl = new URL(app.config.publicUrl);
    const isHttps = publicUrl.protocol === "https:";
    const socketOrigin = `${isHttps ? "wss" : "ws"}://${publicUrl.host}`;

    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: buildCspDirectives(socketOrigin, isHttps),
      },
      // Same rule as frame-ancestors 'none', for browsers that predate CSP.
      frameguard: { action: "deny" },
      // HSTS on a plain-http site would be ignored at best and lock out a local install at worst.
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook("onRequest", async (request) => {
      if (isForgedWrite(request, app.config.allowedOrigins)) {
        throw new AppError("forbidden", SERVER_MESSAGES.untrustedOrigin);
      }
    });
    // PostgreSQL text cannot hold a NUL character: refused at the door, it never becomes a 500 deep
    // inside a query (found by the accounts fuzz test in a body, by the route fuzz test in a path).
    app.addHook("preValidation", async (request) => {
      if (containsNul(request.body) || containsNul(request.params) || containsNul(request.query)) {
        throw new AppError("bad_request");
      }
    });
  },
  { name: "security", decorators: { fastify: ["config"] } },
);

export function buildCspDirectives(socketOrigin: string, isHttps: boolean): Record<string, string[] | null> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", socketOrigin],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    ...(isHttps ? { "upgrade-insecure-requests": [] } : {}),
  };
}

const MAX_NUL_SCAN_DEPTH = 32;

/** True when any string (key or value) in a parsed JSON body holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (typeof value !== "object" || value === null || depth > MAX_NUL_SCAN_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1));
}
