import type { ConfessionComment, ConfessionCommentList } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { confessionKeys } from "../api/confession-keys";
import { type ConfessionFeed, feedConfessions, unseenCount } from "../state/feed-state";
import { feedOf, ids, page } from "../state/test-confessions";
import { useConfessionWallEvents } from "./use-confession-wall-events";

let sockets: TestSocketServer;
let socket: AppSocket;

beforeEach(async () => {
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await sockets.close();
});

/** What the banner would say, read after every render. */
const seen = { announced: new Set<string>() as ReadonlySet<string> };

function Host() {
  seen.announced = useConfessionWallEvents(socket).announced;
  return null;
}

function renderHost(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Host />
    </QueryClientProvider>,
  );
}

const joins = () => sockets.received.filter((entry) => entry.event === "join_confession_wall").length;

function reply(id: string): ConfessionComment {
  return {
    id,
    confessionId: "c2",
    parentId: null,
    content: "same here",
    createdAt: 1,
    pseudonym: "Anon 1",
    isOP: false,
    isOwn: false,
  };
}

describe("useConfessionWallEvents", () => {
  it("joins the wall on connect and again after a reconnect, and leaves on unmount", async () => {
    const view = renderHost(new QueryClient());
    socket.connect();
    await waitFor(() => expect(joins()).toBe(1));
    socket.io.engine.close();
    await waitFor(() => expect(joins()).toBe(2), { timeout: 8_000 });
    view.unmount();
    await waitFor(() =>
      expect(sockets.received.some((entry) => entry.event === "leave_confession_wall")).toBe(true),
    );
  });

  it("collects new confessions for the banner, and applies counts, removals and comments to the caches", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ConfessionFeed>(confessionKeys.feed("new"), feedOf(page(["c2", "c1"])));
    queryClient.setQueryData<ConfessionCommentList>(confessionKeys.comments("c2"), { comments: [] });
    renderHost(queryClient);
    socket.connect();
    await waitFor(() => expect(joins()).toBe(1));
    const feed = () => queryClient.getQueryData<ConfessionFeed>(confessionKeys.feed("new"));

    sockets.io.emit("confession_created", { id: "c3", createdAt: 3 });
    sockets.io.emit("confession_created", { id: "c4", createdAt: 4 });
    await waitFor(() => expect(unseenCount(seen.announced, feed())).toBe(2));
    expect(ids(feedConfessions(feed()))).toEqual(["c2", "c1"]);

    const reactions = { "❤️": 4, "😂": 0, "😮": 1, "😢": 0, "🔥": 0, "🙏": 0 };
    sockets.io.emit("confession_counts", { id: "c2", reactions, commentCount: 1 });
    sockets.io.emit("confession_comment_created", { confessionId: "c2", comment: reply("k1") });
    sockets.io.emit("confession_removed", { id: "c1" });
    sockets.io.emit("confession_removed", { id: "c4" });
    await waitFor(() => expect(ids(feedConfessions(feed()))).toEqual(["c2"]));
    await waitFor(() => expect(unseenCount(seen.announced, feed())).toBe(1));
    expect(feedConfessions(feed())[0]).toMatchObject({ reactions, commentCount: 1 });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<ConfessionCommentList>(confessionKeys.comments("c2"))?.comments,
      ).toHaveLength(1),
    );

    sockets.io.emit("confession_comment_removed", { confessionId: "c2", commentId: "k1" });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<ConfessionCommentList>(confessionKeys.comments("c2"))?.comments,
      ).toEqual([]),
    );
  });
});
