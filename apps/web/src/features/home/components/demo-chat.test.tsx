import { DEMO_CHAT_SCRIPT } from "@heartline/shared";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DemoChat } from "./demo-chat";

function advance(ms: number) {
  // One act per second so every step's effect schedules the next timer, as in a browser.
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
    act(() => {
      vi.advanceTimersByTime(Math.min(1000, ms - elapsed));
    });
  }
}

const messages = () => screen.queryAllByTestId("demo-message");

describe("DemoChat", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a labelled region that starts with the first line while the other person types", () => {
    render(<DemoChat />);
    expect(screen.getByRole("region", { name: "Demo conversation" })).toBe(screen.getByTestId("demo-chat"));
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toHaveTextContent(DEMO_CHAT_SCRIPT[0]?.text ?? "");
    expect(screen.getByTestId("demo-typing")).toHaveTextContent("Alex is typing");
    expect(screen.getByTestId("demo-progress")).toHaveTextContent(/^0$/);
  });

  it("shows the second message within 2 s", () => {
    render(<DemoChat />);
    advance(2000);
    expect(messages()).toHaveLength(2);
    expect(messages()[1]).toHaveTextContent(DEMO_CHAT_SCRIPT[1]?.text ?? "");
    expect(screen.getByTestId("demo-typing")).toHaveTextContent("Maya is typing");
  });

  it.each([
    [0, 1000],
    [0.9999, 2000],
  ])("with random %f waits exactly %i ms between messages", (value, delay) => {
    render(<DemoChat random={() => value} />);
    advance(delay - 1);
    expect(messages()).toHaveLength(1);
    advance(1);
    expect(messages()).toHaveLength(2);
  });

  it("plays the whole script, drops the typing indicator after the last line, then starts over", () => {
    render(<DemoChat random={() => 0} />);
    advance((DEMO_CHAT_SCRIPT.length - 1) * 1000);
    expect(messages()).toHaveLength(DEMO_CHAT_SCRIPT.length);
    expect(screen.queryByTestId("demo-typing")).not.toBeInTheDocument();
    advance(1000);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toHaveTextContent(DEMO_CHAT_SCRIPT[0]?.text ?? "");
    expect(screen.getByTestId("demo-typing")).toBeInTheDocument();
  });

  it("steps the progress counter by 10 each second and stops at 100", () => {
    render(<DemoChat />);
    advance(1000);
    expect(screen.getByTestId("demo-progress")).toHaveTextContent(/^10$/);
    advance(4000);
    expect(screen.getByTestId("demo-progress")).toHaveTextContent(/^50$/);
    // The bar follows by a transform (compositor only), never by its width (layout every frame).
    const bar = screen.getByTestId("demo-progress-bar");
    expect(bar.style.transform).toBe("scaleX(0.5)");
    expect(bar.style.width).toBe("");
    expect(vi.getTimerCount()).toBe(2);
    advance(5000);
    expect(screen.getByTestId("demo-progress")).toHaveTextContent(/^100$/);
    // Only the conversation's own timer is left: the counter has stopped for good.
    expect(vi.getTimerCount()).toBe(1);
    advance(5000);
    expect(screen.getByTestId("demo-progress")).toHaveTextContent(/^100$/);
  });

  it("keeps its message input disabled and marked as a demo", () => {
    render(<DemoChat />);
    const input = screen.getByRole("textbox", { name: "Demo message (disabled)" });
    expect(input).toBeDisabled();
    expect(input.parentElement).toHaveTextContent("Demo");
    expect(screen.getByRole("button", { name: "Send (demo only)" })).toBeDisabled();
  });

  it("leaves no timer running after unmount", () => {
    const { unmount } = render(<DemoChat />);
    advance(3000);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("animates only under motion-safe so reduced-motion visitors get no movement", () => {
    const { container } = render(<DemoChat />);
    const animated = [...container.querySelectorAll("[class*='animate-']")];
    expect(animated.length).toBeGreaterThan(0);
    for (const element of animated) {
      const classes = element.getAttribute("class")?.split(/\s+/) ?? [];
      for (const cls of classes.filter((c) => c.includes("animate-"))) expect(cls).toMatch(/^motion-safe:/);
    }
  });
});
