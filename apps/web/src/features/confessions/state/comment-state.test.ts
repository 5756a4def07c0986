import type { ConfessionComment } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { commentThread, removeComment, upsertComment } from "./comment-state";

function comment(id: string, createdAt: number, extra: Partial<ConfessionComment> = {}): ConfessionComment {
  return {
    id,
    confessionId: "c1",
    parentId: null,
    content: `comment ${id}`,
    createdAt,
    pseudonym: "Anon 1",
    isOP: false,
    isOwn: false,
    ...extra,
  };
}

describe("a confession's comment thread", () => {
  it("keeps a comment the viewer's own when the push (isOwn false) arrives after the answer", () => {
    const mine = upsertComment({ comments: [] }, comment("k1", 1, { isOwn: true }));
    const afterPush = upsertComment(mine, comment("k1", 1));
    expect(afterPush.comments).toHaveLength(1);
    expect(afterPush.comments[0]?.isOwn).toBe(true);
  });

  it("marks it the viewer's own when the answer arrives after the push", () => {
    const pushed = upsertComment({ comments: [] }, comment("k1", 1));
    expect(upsertComment(pushed, comment("k1", 1, { isOwn: true })).comments[0]?.isOwn).toBe(true);
  });

  it("keeps comments oldest first whatever order they arrive in", () => {
    const list = upsertComment({ comments: [comment("k2", 2)] }, comment("k1", 1));
    expect(list.comments.map((item) => item.id)).toEqual(["k1", "k2"]);
  });

  it("groups replies under their top-level comment", () => {
    const thread = commentThread([
      comment("k1", 1, { pseudonym: "OP", isOP: true }),
      comment("k2", 2),
      comment("r1", 3, { parentId: "k1" }),
    ]);
    expect(thread.map(({ comment: top, replies }) => [top.id, replies.map((reply) => reply.id)])).toEqual([
      ["k1", ["r1"]],
      ["k2", []],
    ]);
  });

  it("removes a top-level comment together with its replies", () => {
    const list = { comments: [comment("k1", 1), comment("r1", 2, { parentId: "k1" }), comment("k2", 3)] };
    expect(removeComment(list, "k1").comments.map((item) => item.id)).toEqual(["k2"]);
    expect(removeComment(list, "missing")).toBe(list);
  });
});
