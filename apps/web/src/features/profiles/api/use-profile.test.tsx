import type { PublicProfile } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AppSocket, SocketContext } from "../../../lib/socket";
import { type FakeAccountApi, startFakeAccountApi } from "../../../test/fake-account-api";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { useProfile } from "./use-profile";

let sockets: TestSocketServer;
let socket: AppSocket;
let api: FakeAccountApi;

const PROFILE: PublicProfile = {
  id: "p".repeat(24),
  username: "lena",
  gender: "female",
  profileImage: "avatar-2",
  bannerImage: null,
  bio: "Hi",
  isGuest: false,
  isDeleted: false,
  isAdmin: false,
  createdAt: Date.UTC(2026, 0, 1),
  lastActive: null,
};

beforeEach(async () => {
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
  api = await startFakeAccountApi(null);
});

afterEach(async () => {
  await api.close();
  await sockets.close();
});

function renderProfile(id: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SocketContext value={socket}>{children}</SocketContext>
    </QueryClientProvider>
  );
  return renderHook(() => useProfile(id), { wrapper });
}

describe("useProfile (GET /api/users/:id, spec §4 'Deleted User')", () => {
  it("returns the public profile under its username", async () => {
    api.profiles.set(PROFILE.id, PROFILE);
    const { result } = renderProfile(PROFILE.id);
    await waitFor(() => expect(result.current.displayName).toBe("lena"));
    expect(result.current.profile).toMatchObject({ bio: "Hi", profileImage: "avatar-2" });
    expect(result.current.isDeleted).toBe(false);
  });

  it("shows a nonexistent person (404) as 'Deleted User'", async () => {
    const { result } = renderProfile("n".repeat(24));
    await waitFor(() => expect(result.current.displayName).toBe("Deleted User"));
    expect(result.current.profile).toBeNull();
    expect(result.current.isDeleted).toBe(true);
  });

  it("shows a profile the server marks deleted as 'Deleted User'", async () => {
    api.profiles.set(PROFILE.id, { ...PROFILE, isDeleted: true, username: "Deleted User" });
    const { result } = renderProfile(PROFILE.id);
    await waitFor(() => expect(result.current.isDeleted).toBe(true));
    expect(result.current.displayName).toBe("Deleted User");
  });

  it("turns into 'Deleted User' when the server pushes user_deleted", async () => {
    api.profiles.set(PROFILE.id, PROFILE);
    socket.connect();
    const { result } = renderProfile(PROFILE.id);
    await waitFor(() => expect(result.current.displayName).toBe("lena"));
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    api.profiles.delete(PROFILE.id);
    sockets.io.emit("user_deleted", { userId: PROFILE.id });
    await waitFor(() => expect(result.current.displayName).toBe("Deleted User"));
  });
});
