import { type GroupMessage, mutedMessage } from "@heartline/shared";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { GroupComposer, type GroupComposerProps } from "./group-composer";

const ORIGINAL: GroupMessage = {
  id: "11111111-1111-4111-8111-111111111111",
  seq: 1,
  content: "Who likes jazz?",
  type: "text",
  senderId: "sam",
  senderUsername: "Sam",
  senderProfileImage: null,
  timestamp: 1,
};

function Harness(props: Partial<GroupComposerProps> & { log: string[] }) {
  const { log, ...rest } = props;
  const [replyTo, setReplyTo] = useState<GroupMessage | null>(rest.replyTo ?? null);
  return (
    <GroupComposer
      isGuest={false}
      mute={null}
      isUploading={false}
      onPickImage={(file, caption) => log.push(`image ${file.name} "${caption}"`)}
      onTyping={(isTyping) => log.push(`typing ${isTyping}`)}
      {...rest}
      replyTo={replyTo}
      onCancelReply={() => setReplyTo(null)}
      onSend={(content) => log.push(`send ${content}`)}
    />
  );
}

describe("GroupComposer", () => {
  it("Enter sends the trimmed text, announces typing and clears the box; Shift+Enter adds a line", async () => {
    const log: string[] = [];
    render(<Harness log={log} />);
    const box = screen.getByLabelText("Message the group");
    await userEvent.type(box, "  hi there {Shift>}{Enter}{/Shift}again  {Enter}");
    expect(log).toContain("typing true");
    expect(log.filter((entry) => entry.startsWith("send"))).toEqual(["send hi there \nagain"]);
    expect(box).toHaveValue("");
    expect(log.at(-1)).toBe("send hi there \nagain");
  });

  it("shows the reply it answers and can cancel it", async () => {
    render(<Harness log={[]} replyTo={ORIGINAL} />);
    expect(screen.getByTestId("reply-preview")).toHaveTextContent("Replying to Sam");
    expect(screen.getByTestId("reply-preview")).toHaveTextContent("Who likes jazz?");
    await userEvent.click(screen.getByRole("button", { name: "Cancel reply" }));
    expect(screen.queryByTestId("reply-preview")).not.toBeInTheDocument();
  });

  it("gives registered users an attach button and guests a disabled one with the reason", async () => {
    const { unmount } = render(<Harness log={[]} />);
    expect(screen.getByRole("button", { name: "Attach an image or GIF" })).toBeEnabled();
    unmount();
    render(<Harness log={[]} isGuest />);
    const attach = screen.getByRole("button", { name: /Attach an image/ });
    expect(attach).toBeDisabled();
    expect(attach).toHaveAccessibleName("Attach an image (Create a free account to share images and GIFs.)");
    expect(screen.getByText("Create a free account to share images and GIFs.")).toBeInTheDocument();
  });

  it("a muted user gets no message box, only the reason (spec §4)", () => {
    render(
      <Harness log={[]} mute={{ mutedAt: 1, mutedBy: "Mod", reason: "Spamming links", expiresAt: null }} />,
    );
    expect(screen.queryByLabelText("Message the group")).not.toBeInTheDocument();
    expect(screen.getByTestId("muted-notice")).toHaveTextContent(mutedMessage("Spamming links"));
  });

  it("a short automatic mute names its end, and once over the box is back (issue #15)", () => {
    const reason = "AutoMod: 3 rule hits within 10 minutes";
    const endsAt = Date.UTC(2099, 0, 1, 13, 45);
    const { unmount } = render(
      <Harness log={[]} mute={{ mutedAt: 1, mutedBy: "AutoMod", reason, expiresAt: endsAt }} />,
    );
    expect(screen.getByTestId("muted-notice")).toHaveTextContent(
      `You are muted in the group chat and cannot send messages until 13:45 UTC. Reason: ${reason}`,
    );
    unmount();
    render(<Harness log={[]} mute={{ mutedAt: 1, mutedBy: "AutoMod", reason, expiresAt: 2 }} />);
    expect(screen.queryByTestId("muted-notice")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Message the group")).toBeInTheDocument();
  });

  it("refuses text over the limit with the shared message", async () => {
    const log: string[] = [];
    render(<Harness log={log} />);
    const box = screen.getByLabelText("Message the group");
    await userEvent.click(box);
    await userEvent.paste("x".repeat(2001));
    await waitFor(() => expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled());
    expect(box).toHaveAttribute("aria-invalid", "true");
  });
});

describe("GroupComposer rate limit (issue #14)", () => {
  it("shows one inline note with when sending works again, and sends nothing until then", async () => {
    const log: string[] = [];
    const user = userEvent.setup();
    const { rerender } = render(<Harness log={log} sendAgainAt={Date.now() + 10_000} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      /^You're sending messages too fast\. Please slow down\. You can send again in (10|9) s\.$/,
    );
    await user.type(screen.getByRole("textbox", { name: "Message the group" }), "again{Enter}");
    expect(log.filter((entry) => entry.startsWith("send"))).toEqual([]);
    expect(screen.getByRole("button", { name: /send/i })).toBeDisabled();
    rerender(<Harness log={log} sendAgainAt={null} />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Message the group" }), "{Enter}");
    expect(log.filter((entry) => entry.startsWith("send"))).toEqual(["send again"]);
  });
});

describe("GroupComposer picture preview (issue #14)", () => {
  it("a picked picture waits with a preview; Cancel drops it; Send posts it with the caption", async () => {
    const log: string[] = [];
    const user = userEvent.setup();
    const { container } = render(<Harness log={log} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    const picture = new File([new Uint8Array([137, 80, 78, 71])], "sunset.png", { type: "image/png" });

    await user.upload(input, picture);
    expect(screen.getByTestId("staged-image")).toHaveTextContent("sunset.png");
    expect(log.filter((entry) => entry.startsWith("image"))).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("staged-image")).not.toBeInTheDocument();

    await user.upload(input, picture);
    const box = screen.getByRole("textbox", { name: "Message the group" });
    expect(box).toHaveAttribute("placeholder", "Add a caption (optional)…");
    await user.type(box, "  golden hour {Enter}");
    expect(log.filter((entry) => entry.startsWith("image"))).toEqual(['image sunset.png "golden hour"']);
    expect(screen.queryByTestId("staged-image")).not.toBeInTheDocument();

    await user.upload(input, picture);
    await user.click(screen.getByRole("button", { name: /send/i }));
    expect(log.filter((entry) => entry.startsWith("image"))).toEqual([
      'image sunset.png "golden hour"',
      'image sunset.png ""',
    ]);
  });
});
