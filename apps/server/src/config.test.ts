import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const SECRET = "0123456789abcdef0123456789abcdef";

describe("loadConfig", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "heartline-config-"));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("applies the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      nodeEnv: "development",
      host: "0.0.0.0",
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: "http://localhost:3000",
      allowedOrigins: ["http://localhost:3000"],
      authSecret: SECRET,
      logLevel: "info",
      trustProxy: false,
      ai: undefined,
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, "../../web/dist"));
  });

  it("resolves DATA_DIR to an absolute path and defaults it to ./data", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).dataDir).toBe(path.resolve("data"));
    expect(loadConfig({ DATA_DIR: "rel/dir", AUTH_SECRET: SECRET }).dataDir).toBe(path.resolve("rel/dir"));
  });

  it("is silent in tests unless LOG_LEVEL says otherwise", () => {
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: SECRET }).logLevel).toBe("silent");
    expect(
      loadConfig({ NODE_ENV: "test", LOG_LEVEL: "debug", DATA_DIR: dataDir, AUTH_SECRET: SECRET }).logLevel,
    ).toBe("debug");
  });

  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://u:p@db:5432/heartline",
      REDIS_URL: "redis://cache:6379",
      PUBLIC_URL: "https://chat.example.com/",
      ALLOWED_ORIGINS: " https://www.example.com , https://chat.example.com/path ",
      AUTH_SECRET: SECRET,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "some/dist",
      TRUST_PROXY: "1",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      host: "127.0.0.1",
      port: 0,
      databaseUrl: "postgres://u:p@db:5432/heartline",
      redisUrl: "redis://cache:6379",
      publicUrl: "https://chat.example.com",
      allowedOrigins: ["https://chat.example.com", "https://www.example.com"],
      logLevel: "warn",
      webDistDir: path.resolve("some/dist"),
      trustProxy: 1,
    });
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({
      PORT: "",
      DATABASE_URL: "",
      REDIS_URL: " ",
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it("lists every invalid variable with the reason, in one error", () => {
    let caught: unknown;
    try {
      loadConfig({
        NODE_ENV: "staging",
        PORT: "70000",
        PUBLIC_URL: "localhost:3000",
        ALLOWED_ORIGINS: "https://ok.example, ftp://files.example",
        DATABASE_URL: "mysql://db",
        REDIS_URL: "http://cache",
        LOG_LEVEL: "loud",
        TRUST_PROXY: "maybe",
        AUTH_SECRET: "short",
        DATA_DIR: dataDir,
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const variable of [
      "NODE_ENV",
      "PORT",
      "PUBLIC_URL",
      "ALLOWED_ORIGINS",
      "DATABASE_URL",
      "REDIS_URL",
      "LOG_LEVEL",
      "TRUST_PROXY",
      "AUTH_SECRET",
    ]) {
      expect(message).toContain(`  - ${variable}: `);
    }
    expect(message).toContain("PORT: must be a whole number between 0 and 65535");
    expect(message).toContain('"ftp://files.example" is not an http(s) origin');
    expect((caught as ConfigError).problems).toHaveLength(9);
  });

  it("keeps uploads on disk unless S3_BUCKET is set, and reads the S3 and metrics variables", () => {
    const base = { DATA_DIR: dataDir, AUTH_SECRET: SECRET };
    expect(loadConfig(base)).toMatchObject({ s3: undefined, metricsToken: undefined });
    const config = loadConfig({
      ...base,
      S3_BUCKET: "heartline-uploads",
      S3_ENDPOINT: "http://minio:9000/",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      METRICS_TOKEN: "a-long-scrape-token",
    });
    expect(config.s3).toEqual({
      bucket: "heartline-uploads",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(config.metricsToken).toBe("a-long-scrape-token");
    expect(loadConfig({ ...base, S3_BUCKET: "b-on-aws", S3_REGION: "eu-west-1" }).s3).toEqual({
      bucket: "b-on-aws",
      endpoint: undefined,
      region: "eu-west-1",
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it("refuses S3 settings without a bucket, half a key pair and a short metrics token", () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, S3_ENDPOINT: "http://minio:9000" }),
    ).toThrow("S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set");
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, S3_BUCKET: "bucket", S3_ACCESS_KEY_ID: "key" }),
    ).toThrow("S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, S3_BUCKET: "Not_A_Bucket" })).toThrow(
      "S3_BUCKET: must be a bucket name",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, METRICS_TOKEN: "short" })).toThrow(
      "METRICS_TOKEN: must be at least 16 characters",
    );
  });

  it("rejects a non-numeric port", () => {
    expect(() => loadConfig({ PORT: "http", DATA_DIR: dataDir, AUTH_SECRET: SECRET })).toThrow(
      /PORT: must be a whole number/,
    );
  });

  describe("AI companion (ARCHITECTURE §3)", () => {
    it("is off when AI_BASE_URL is unset, even if the other AI variables are set", () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        AUTH_SECRET: SECRET,
        AI_MODEL: "mistral",
        AI_API_KEY: "sk-test",
        AI_TIMEOUT_MS: "5000",
      });
      expect(config.ai).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, AI_BASE_URL: " " }).ai).toBeUndefined();
    });

    it("applies the model and timeout defaults and drops trailing slashes from the base URL", () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        AUTH_SECRET: SECRET,
        AI_BASE_URL: "http://127.0.0.1:11434/v1//",
      });
      expect(config.ai).toEqual({
        baseUrl: "http://127.0.0.1:11434/v1",
        model: "llama3.2",
        apiKey: undefined,
        timeoutMs: 20_000,
      });
    });

    it("reads every AI variable", () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        AUTH_SECRET: SECRET,
        AI_BASE_URL: " https://api.example.com/v1 ",
        AI_MODEL: " gpt-4o-mini ",
        AI_API_KEY: " sk-secret ",
        AI_TIMEOUT_MS: "7500",
      });
      expect(config.ai).toEqual({
        baseUrl: "https://api.example.com/v1",
        model: "gpt-4o-mini",
        apiKey: "sk-secret",
        timeoutMs: 7_500,
      });
    });

    it("lists a bad base URL and a bad timeout together", () => {
      let caught: unknown;
      try {
        loadConfig({
          DATA_DIR: dataDir,
          AUTH_SECRET: SECRET,
          AI_BASE_URL: "localhost:11434",
          AI_TIMEOUT_MS: "soon",
        });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).problems).toEqual([
        "AI_BASE_URL: must be an http(s) URL such as http://127.0.0.1:11434/v1",
        "AI_TIMEOUT_MS: must be a whole number of milliseconds between 1 and 600000",
      ]);
    });

    it.each(["0", "600001", "-5", "1.5"])("rejects AI_TIMEOUT_MS=%s", (value) => {
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir,
          AUTH_SECRET: SECRET,
          AI_BASE_URL: "http://ai:8000/v1",
          AI_TIMEOUT_MS: value,
        }),
      ).toThrow(/AI_TIMEOUT_MS: must be a whole number of milliseconds/);
    });

    it("rejects a non-http base URL", () => {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, AI_BASE_URL: "ftp://ai.example/v1" }),
      ).toThrow(/AI_BASE_URL: must be an http\(s\) URL/);
    });
  });

  describe("AUTH_SECRET", () => {
    it("is generated once into DATA_DIR/auth-secret with mode 0600 and reused", () => {
      const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
      const file = path.join(dataDir, "auth-secret");
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, "utf8").trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    });

    it("replaces a stored secret that is too short", () => {
      writeFileSync(path.join(dataDir, "auth-secret"), "weak\n", { mode: 0o644 });
      const secret = loadConfig({ DATA_DIR: dataDir }).authSecret;
      expect(secret).not.toBe("weak");
      expect(statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    });

    it("creates DATA_DIR when it does not exist yet", () => {
      const nested = path.join(dataDir, "a", "b");
      expect(loadConfig({ DATA_DIR: nested }).authSecret.length).toBeGreaterThanOrEqual(32);
      expect(statSync(path.join(nested, "auth-secret")).isFile()).toBe(true);
    });

    it("is required in production, with a clear message, and nothing is written", () => {
      expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(
        /AUTH_SECRET: is required when NODE_ENV=production/,
      );
      expect(() => statSync(path.join(dataDir, "auth-secret"))).toThrow();
    });

    it("is reported together with other bad variables in production", () => {
      expect(() => loadConfig({ NODE_ENV: "production", PORT: "x", DATA_DIR: dataDir })).toThrow(
        /PORT: must be a whole number[\s\S]*AUTH_SECRET: is required/,
      );
    });
  });

  describe("development conveniences on a public host (issue #10 hole 1)", () => {
    it("serves the dev outbox by default, for a local PUBLIC_URL without SMTP", () => {
      expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).devOutbox).toBe(true);
      expect(
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, PUBLIC_URL: "http://127.0.0.1:8080" }).devOutbox,
      ).toBe(true);
    });

    it("never serves it in production, on a public PUBLIC_URL, or with SMTP", () => {
      const base = { DATA_DIR: dataDir, AUTH_SECRET: SECRET };
      expect(loadConfig({ ...base, NODE_ENV: "production" }).devOutbox).toBe(false);
      expect(loadConfig({ ...base, PUBLIC_URL: "https://chat.example.com" }).devOutbox).toBe(false);
      expect(loadConfig({ ...base, PUBLIC_URL: "http://localhost.example.com" }).devOutbox).toBe(false);
      expect(loadConfig({ ...base, SMTP_URL: "smtp://mail.example.com" }).devOutbox).toBe(false);
    });

    it("refuses HUMAN_CHECK=off when PUBLIC_URL is not a local address", () => {
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir,
          AUTH_SECRET: SECRET,
          HUMAN_CHECK: "off",
          PUBLIC_URL: "https://chat.example.com",
        }),
      ).toThrow(/HUMAN_CHECK: off is for tests only and is refused when PUBLIC_URL is not a local address/);
      expect(
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, HUMAN_CHECK: "off" }).humanCheck.provider,
      ).toBe("off");
    });
  });

  describe("TRUST_PROXY (issue #10 hole 7)", () => {
    const load = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, TRUST_PROXY: value });

    it("takes nothing, a hop count, or addresses and CIDR ranges", () => {
      expect(load("false").trustProxy).toBe(false);
      expect(load("0").trustProxy).toBe(false);
      expect(load("2").trustProxy).toBe(2);
      expect(load("127.0.0.1, 10.0.0.0/8,::1,fd00::/8").trustProxy).toEqual([
        "127.0.0.1",
        "10.0.0.0/8",
        "::1",
        "fd00::/8",
      ]);
    });

    it("refuses true, which would trust every hop, with what to give instead", () => {
      expect(() => load("true")).toThrow(
        /TRUST_PROXY: "true" trusts every hop, so any client could forge X-Forwarded-For/,
      );
    });

    it("refuses what is not an address, a range or a small hop count", () => {
      expect(() => load("nginx")).toThrow(/TRUST_PROXY: "nginx": give the number of proxies/);
      expect(() => load("10.0.0.0/33")).toThrow(/TRUST_PROXY: "10.0.0.0\/33"/);
      expect(() => load("11")).toThrow(/TRUST_PROXY: must be at most 10 hops/);
    });
  });

  describe("streaks (issue #12)", () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...env });

    it("STREAK_TIME_ZONE defaults to UTC and takes an IANA name, refusing anything else", () => {
      expect(load({}).streakTimeZone).toBe("UTC");
      expect(load({ STREAK_TIME_ZONE: "Europe/London" }).streakTimeZone).toBe("Europe/London");
      expect(() => load({ STREAK_TIME_ZONE: "Mars/Olympus" })).toThrow(
        /STREAK_TIME_ZONE: must be an IANA time zone/,
      );
    });

    it("TEST_CLOCK_OFFSET_MS is a whole number, refused when NODE_ENV=production", () => {
      expect(load({}).testClockOffsetMs).toBe(0);
      expect(load({ NODE_ENV: "test", TEST_CLOCK_OFFSET_MS: "-86400000" }).testClockOffsetMs).toBe(
        -86_400_000,
      );
      expect(() => load({ TEST_CLOCK_OFFSET_MS: "1.5" })).toThrow(/TEST_CLOCK_OFFSET_MS/);
      expect(() => load({ NODE_ENV: "production", TEST_CLOCK_OFFSET_MS: "86400000" })).toThrow(
        /TEST_CLOCK_OFFSET_MS: is for tests only/,
      );
    });

    it("TEST_CLOCK (the clock's test route, issue #37) is off by default, 0 or 1, refused when NODE_ENV=production", () => {
      expect(load({}).testClock).toBe(false);
      expect(load({ NODE_ENV: "test", TEST_CLOCK: "1" }).testClock).toBe(true);
      expect(() => load({ TEST_CLOCK: "yes" })).toThrow(/TEST_CLOCK: must be 0 or 1/);
      expect(() => load({ NODE_ENV: "production", TEST_CLOCK: "1" })).toThrow(
        "TEST_CLOCK: is for tests only and is refused when NODE_ENV=production",
      );
      expect(load({ NODE_ENV: "production", TEST_CLOCK: "0" }).testClock).toBe(false);
    });

    it("TEST_FAST_PASSWORD_HASH is off by default, 0 or 1, refused when NODE_ENV=production", () => {
      expect(load({}).testFastPasswordHash).toBe(false);
      expect(load({ NODE_ENV: "test", TEST_FAST_PASSWORD_HASH: "1" }).testFastPasswordHash).toBe(true);
      expect(() => load({ TEST_FAST_PASSWORD_HASH: "yes" })).toThrow(
        /TEST_FAST_PASSWORD_HASH: must be 0 or 1/,
      );
      expect(() => load({ NODE_ENV: "production", TEST_FAST_PASSWORD_HASH: "1" })).toThrow(
        "TEST_FAST_PASSWORD_HASH: is for tests only and is refused when NODE_ENV=production",
      );
      expect(load({ NODE_ENV: "production", TEST_FAST_PASSWORD_HASH: "0" }).testFastPasswordHash).toBe(false);
    });
  });

  describe("image moderation (issue #15)", () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...env });

    it("MODERATION_IMAGE_THRESHOLD defaults to 0.8 and takes a number above 0 and at most 1", () => {
      expect(load({}).moderationImageThreshold).toBe(0.8);
      expect(load({ MODERATION_IMAGE_THRESHOLD: "0.05" }).moderationImageThreshold).toBe(0.05);
      expect(load({ MODERATION_IMAGE_THRESHOLD: "1" }).moderationImageThreshold).toBe(1);
      for (const bad of ["0", "1.5", "-0.2", "high", "0.8.1"]) {
        expect(() => load({ MODERATION_IMAGE_THRESHOLD: bad })).toThrow(
          /MODERATION_IMAGE_THRESHOLD: must be a number greater than 0 and at most 1/,
        );
      }
    });
  });
});
