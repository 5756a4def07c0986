import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDocumentTitle } from "./use-document-title";

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
});
