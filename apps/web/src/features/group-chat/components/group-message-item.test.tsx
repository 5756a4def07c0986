import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GroupMessageItem } from "./group-message-item";

const BASE = {
  id: "m1",
  seq: 1,
  content: "hello",
  type: "text" as const,
  senderId: "sam",
  senderUsername: "Sam",
  senderProfileImage: null,
  timestamp: 1_700_000_000_000,
  status: "sent" as const,
};
const noop = () => undefined;
const handlers = { onReply: noop, onReport: noop, onDelete: noop, onRetry: noop };

describe("GroupMessageItem", () => {
  it("names the sender in their gender colour (spec §3) and offers reply and report", () => {
    render(<GroupMessageItem message={BASE} isOwn={false} gender="female" canDelete={false} {...handlers} />);
    expect(screen.getByTestId("message-sender")).toHaveAttribute("data-gender-colour", "pink");
    expect(screen.getByRole("button", { name: "Reply to Sam" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Report message from Sam" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete message/ })).not.toBeInTheDocument();
  });

  it("gives admins the delete-for-everyone action", () => {
    render(<GroupMessageItem message={BASE} isOwn={false} gender="male" canDelete {...handlers} />);
    expect(screen.getByRole("button", { name: "Delete message from Sam for everyone" })).toBeInTheDocument();
  });

  it("shows only our own uploaded images; any other address stays text", () => {
    const { rerender } = render(
      <GroupMessageItem
        message={{ ...BASE, type: "image", content: "/uploads/u1/a.jpg" }}
        isOwn={false}
        gender={null}
        canDelete={false}
        {...handlers}
      />,
    );
    expect(screen.getByRole("img", { name: "Shared image" })).toHaveAttribute("src", "/uploads/u1/a.jpg");
    rerender(
      <GroupMessageItem
        message={{ ...BASE, type: "image", content: "https://evil.example/x.png" }}
        isOwn={false}
        gender={null}
        canDelete={false}
        {...handlers}
      />,
    );
    expect(screen.queryByRole("img", { name: "Shared image" })).not.toBeInTheDocument();
    expect(screen.getByTestId("message-text")).toHaveTextContent("https://evil.example/x.png");
  });

  it("a failed send says why and offers Retry, not Reply", () => {
    const failed = {
      id: "m2",
      content: "hi",
      type: "text" as const,
      createdAt: 1,
      status: "failed" as const,
      error: "You are muted in the group chat and cannot send messages.",
      senderId: "me",
      senderUsername: "Me",
      senderProfileImage: null,
      timestamp: 1,
    };
    render(<GroupMessageItem message={failed} isOwn gender={null} canDelete={false} {...handlers} />);
    expect(screen.getByText("You are muted in the group chat and cannot send messages.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Reply/ })).not.toBeInTheDocument();
  });
});
