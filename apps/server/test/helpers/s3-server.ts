import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { ConfigEnv } from "../../src/config";

/** s3rver's fixed keys: it checks request signatures against them. */
const S3RVER_KEY = "S3RVER";

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The server's S3_* variables for this bucket. */
  env: ConfigEnv;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver: pure JavaScript, files in a temp folder), on a
 * free port, with one empty bucket. Tests of the S3 store start their own; nothing outside is needed.
 */
export async function startS3Server(bucket = "heartline-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "heartline-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
