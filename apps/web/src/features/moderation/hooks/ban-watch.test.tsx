import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectSocket } from "../../../lib/socket";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { useBanStore } from "../state/ban-store";
import { useGroupIdentityStore } from "../state/group-identity-store";
import { bindBanWatch } from "./ban-watch";

const ME = { userId: "rosa-0000000000000000000", username: "Rosa" };
let server: TestSocketServer;
let unbind: (() => void) | undefined;

beforeEach(async () => {
  server = await startTestSocketServer();
  useGroupIdentityStore.setState(ME);
  useBanStore.setState({ banned: {}, overrides: {} });
});

afterEach(async () => {
  unbind?.();
  await server.close();
  localStorage.clear();
});

async function connectedClient() {
  const socket = connectSocket(await server.createClient());
  await waitFor(() => expect(socket.connected).toBe(true));
  unbind = bindBanWatch(socket);
  return socket;
}

function pressCtrlShiftU() {
  window.dispatchEvent(new KeyboardEvent("keydown", { key: "U", ctrlKey: true, shiftKey: true }));
}

describe("bindBanWatch (spec §4 Bans) over a real socket", () => {
  it("a pushed ban of this user is remembered (and survives in localStorage); an unban clears it", async () => {
    await connectedClient();
    server.io.emit("user_banned", { username: "rosa", userId: ME.userId, bannedBy: "Mod" });
    await waitFor(() => expect(useBanStore.getState().banned[ME.userId]?.bannedBy).toBe("Mod"));
    expect(localStorage.getItem("heartline-group-bans")).toContain(ME.userId);
    server.io.emit("user_unbanned", { username: "Rosa", userId: ME.userId, unbannedBy: "Mod" });
    await waitFor(() => expect(useBanStore.getState().banned[ME.userId]).toBeUndefined());
  });

  it("Ctrl+Shift+U applies the local override and asks the server to force the unban while it still reports a ban", async () => {
    server.io.on("connection", (socket) => {
      socket.on("check_if_banned", (_payload, ack) => ack({ ok: true, data: { banned: true } }));
      // The product server refuses this for non-admins (ARCHITECTURE §9.4); the client only asks.
      socket.on("force_unban_user", (_payload, ack) =>
        ack?.({ ok: false, error: { code: "forbidden", message: "Only admins can do this." } }),
      );
    });
    await connectedClient();
    useBanStore.getState().recordBan(ME.userId, "Mod");
    pressCtrlShiftU();
    expect(useBanStore.getState().overrides[ME.userId]).toBeTypeOf("number");
    expect(useBanStore.getState().banned[ME.userId]).toBeUndefined();
    await waitFor(() =>
      expect(server.received).toContainEqual({
        event: "force_unban_user",
        args: [{ username: "Rosa", userId: ME.userId }],
      }),
    );
  });

  it("does not ask for a forced unban when the server reports no ban", async () => {
    server.io.on("connection", (socket) => {
      socket.on("check_if_banned", (_payload, ack) => ack({ ok: true, data: { banned: false } }));
    });
    await connectedClient();
    pressCtrlShiftU();
    await waitFor(() => expect(server.received.map((entry) => entry.event)).toContain("check_if_banned"));
    expect(server.received.map((entry) => entry.event)).not.toContain("force_unban_user");
  });
});
