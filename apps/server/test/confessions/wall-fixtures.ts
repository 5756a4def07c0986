import { randomUUID } from "node:crypto";
import { CONFESSION_PATHS } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import { AUTH_HEADERS, personHeaders, type TestPerson } from "../fixtures/group-fixtures";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A wall request from this person's browser page (or a visitor's, without a person). */
export function wallRequest(
  app: FastifyInstance,
  person: TestPerson | null,
  method: Method,
  url: string,
  payload?: object,
) {
  const headers = person ? personHeaders(person) : { origin: AUTH_HEADERS.origin };
  return app.inject({
    method,
    url,
    headers: payload ? { ...AUTH_HEADERS, ...headers } : headers,
    ...(payload ? { payload } : {}),
  });
}

/** Posts a confession; returns its id and the response. */
export async function postConfession(
  app: FastifyInstance,
  person: TestPerson,
  content = `confession ${randomUUID()}`,
  extra: { id?: string; contentWarning?: string } = {},
) {
  const id = extra.id ?? randomUUID();
  const response = await wallRequest(app, person, "POST", CONFESSION_PATHS.confessions, {
    id,
    content,
    ...(extra.contentWarning ? { contentWarning: extra.contentWarning } : {}),
  });
  return { id, response };
}

export async function postComment(
  app: FastifyInstance,
  person: TestPerson,
  confessionId: string,
  content = `comment ${randomUUID()}`,
  parentId?: string,
) {
  const id = randomUUID();
  const response = await wallRequest(app, person, "POST", CONFESSION_PATHS.comments(confessionId), {
    id,
    content,
    ...(parentId ? { parentId } : {}),
  });
  return { id, response };
}

/** The one error shape `{ error: { code, message } }`. */
export function errorOf(response: { json(): unknown }): { code: string; message: string } {
  return (response.json() as { error: { code: string; message: string } }).error;
}
