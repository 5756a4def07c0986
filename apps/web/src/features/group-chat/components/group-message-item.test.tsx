import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

/** Sam's reply `content` to `quoted`, as the viewer sees it with `blocks` (issue #33). */
function renderReply(
  content: string,
  quoted: { senderId: string; senderUsername: string; content: string },
  blocks: { isFromBlocked?: boolean; isQuoteFromBlocked?: boolean },
) {
  const replyTo = { id: "m0", timestamp: 1, type: "text" as const, ...quoted };
  render(
    <GroupMessageItem
      message={{ ...BASE, content, replyTo }}
      isOwn={false}
      gender={null}
      canDelete={false}
      {...blocks}
      {...handlers}
    />,
  );
}

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

  it("links only http(s) addresses, safely (issue #14)", () => {
    render(
      <GroupMessageItem
        message={{ ...BASE, content: "see https://example.com/a. and javascript:alert(1)" }}
        isOwn={false}
        gender={null}
        canDelete={false}
        {...handlers}
      />,
    );
    const link = screen.getByRole("link", { name: "https://example.com/a" });
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByTestId("message-text")).toHaveTextContent("javascript:alert(1)");
  });

  it("opens a picture in a lightbox; Escape closes it and focus returns (issue #14)", async () => {
    const user = userEvent.setup();
    render(
      <GroupMessageItem
        message={{ ...BASE, type: "image", content: "/uploads/u1/a.jpg" }}
        isOwn={false}
        gender={null}
        canDelete={false}
        {...handlers}
      />,
    );
    const opener = screen.getByRole("button", { name: "Open shared image full size" });
    await user.click(opener);
    expect(await screen.findByTestId("image-lightbox")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("image-lightbox")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("a grouped message hides the avatar and the name line; the sender's name opens the card", async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const { rerender } = render(
      <GroupMessageItem
        message={BASE}
        isOwn={false}
        gender={null}
        canDelete={false}
        onOpenProfile={(sender) => opened.push(sender.userId)}
        {...handlers}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Sam, view profile" }));
    expect(opened).toEqual(["sam"]);
    rerender(
      <GroupMessageItem
        message={BASE}
        isOwn={false}
        gender={null}
        canDelete={false}
        isGrouped
        {...handlers}
      />,
    );
    expect(screen.getByTestId("group-message")).toHaveAttribute("data-grouped", "true");
    expect(screen.queryByRole("img", { name: /Sam/ })).not.toBeInTheDocument();
  });

  it("a deleted author's message reads 'Deleted User' as plain text: no profile card to open (issue #38)", () => {
    const gone = { ...BASE, senderUsername: "Deleted User", senderDeleted: true, senderGender: null };
    render(
      <GroupMessageItem
        message={gone}
        isOwn={false}
        gender={null}
        canDelete={false}
        onOpenProfile={noop}
        {...handlers}
      />,
    );
    expect(screen.getByTestId("message-sender")).toHaveTextContent("Deleted User");
    expect(screen.queryByRole("button", { name: /view profile/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reply to Deleted User" })).toBeInTheDocument();
  });

  it("our own messages show our current picture, not the one they were sent with (issue #14)", () => {
    const mine = { ...BASE, senderProfileImage: "/uploads/me/old.png" };
    const { rerender } = render(
      <GroupMessageItem
        message={mine}
        isOwn
        gender={null}
        canDelete={false}
        ownProfileImage="/uploads/me/new.png"
        {...handlers}
      />,
    );
    const avatar = screen.getByRole("img", { name: "Sam's avatar" });
    expect(avatar.querySelector("img")).toHaveAttribute("src", "/uploads/me/new.png");
    rerender(
      <GroupMessageItem
        message={mine}
        isOwn={false}
        gender={null}
        canDelete={false}
        ownProfileImage="/uploads/me/new.png"
        {...handlers}
      />,
    );
    expect(screen.getByRole("img", { name: "Sam's avatar" }).querySelector("img")).toHaveAttribute(
      "src",
      "/uploads/me/old.png",
    );
  });

  it("folds a message from someone the viewer blocked into one labelled row; Show opens it (issue #33)", async () => {
    const user = userEvent.setup();
    renderReply(
      "@Me see what I said",
      { senderId: "me", senderUsername: "Me", content: "you are wrong" },
      {
        isFromBlocked: true,
      },
    );
    expect(screen.getByTestId("group-message")).toHaveTextContent(/^Blocked messageShow$/);
    expect(screen.queryByText(/see what I said/)).not.toBeInTheDocument();
    expect(screen.queryByText("you are wrong")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Reply to/ })).not.toBeInTheDocument();

    await user.tab();
    const show = screen.getByRole("button", { name: "Show blocked message" });
    expect(show).toHaveFocus();
    expect(show).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("message-text")).toHaveTextContent("@Me see what I said");
    expect(screen.getByTestId("reply-quote")).toHaveTextContent("you are wrong");
    const hide = screen.getByRole("button", { name: "Hide blocked message" });
    expect(hide).toHaveAttribute("aria-expanded", "true");
    await user.click(hide);
    expect(screen.queryByTestId("message-text")).not.toBeInTheDocument();
  });

  it("folds the quote of a blocked person's message inside someone else's reply (issue #33)", async () => {
    const user = userEvent.setup();
    renderReply(
      "I disagree",
      { senderId: "troll", senderUsername: "Troll", content: "a hateful line" },
      {
        isQuoteFromBlocked: true,
      },
    );
    expect(screen.getByTestId("message-text")).toHaveTextContent("I disagree");
    const quote = screen.getByTestId("reply-quote");
    expect(quote).toHaveTextContent(/^Quoted a blocked messageShow$/);
    await user.click(screen.getByRole("button", { name: "Show quoted blocked message" }));
    expect(quote).toHaveTextContent("Troll");
    expect(quote).toHaveTextContent("a hateful line");
  });
});
