import { randomUUID } from "node:crypto";
import type { AckResult, DirectMessage, SendDirectMessagePayload } from "@heartline/shared";
import { asPerson, createRegistered, emitWithAck, type TestPerson } from "../fixtures/group-fixtures";
import type { TestApp, TestClient } from "../helpers/test-app";

/** A verified member with one connected socket. */
export interface DmMember {
  person: TestPerson;
  socket: TestClient;
}

let counter = 0;
export const uniqueName = (prefix: string) =>
  `${prefix}${(counter++).toString(36)}_${randomUUID().slice(0, 4)}`;

export async function dmMember(test: TestApp, prefix = "dm"): Promise<DmMember> {
  const person = await createRegistered(test.app, uniqueName(prefix));
  return { person, socket: await test.connect(asPerson(person)) };
}

export function text(receiverId: string, content: string, extra: Partial<SendDirectMessagePayload> = {}) {
  return { id: randomUUID(), receiverId, content, type: "text" as const, ...extra };
}

export function sendDm(socket: TestClient, payload: object): Promise<AckResult<DirectMessage>> {
  return emitWithAck<DirectMessage>(socket, "direct_message", payload);
}

/** Sends and expects the ack ok (returns the stored message). */
export async function sendOk(socket: TestClient, payload: object): Promise<DirectMessage> {
  const ack = await sendDm(socket, payload);
  if (!ack.ok) throw new Error(`send refused: ${ack.error.code} ${ack.error.message}`);
  return ack.data;
}
