import { act, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDocumentTitle, useTitleCountStore } from "./use-document-title";

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

describe("useDocumentTitle", () => {
  it("sets '<title> · Heartline', follows changes and restores the previous title on unmount", () => {
    document.title = "Heartline";
    const { rerender, unmount } = render(<Titled title="FAQ" />);
    expect(document.title).toBe("FAQ · Heartline");
    rerender(<Titled title="Contact" />);
    expect(document.title).toBe("Contact · Heartline");
    unmount();
    expect(document.title).toBe("Heartline");
  });

  it("puts the unread count in front, '(3) Messages · Heartline', and drops it at 0", () => {
    const { unmount } = render(<Titled title="Messages" />);
    act(() => useTitleCountStore.setState({ count: 3 }));
    expect(document.title).toBe("(3) Messages · Heartline");
    act(() => useTitleCountStore.setState({ count: 0 }));
    expect(document.title).toBe("Messages · Heartline");
    unmount();
  });
});
