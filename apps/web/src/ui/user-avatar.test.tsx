import { AVATAR_SIZES } from "@heartline/shared";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserAvatar } from "./user-avatar";

/** The letter an initial avatar draws (as generated content, so it is not text in the DOM). */
const initialOf = (avatar: HTMLElement) =>
  avatar.querySelector("[data-initial]")?.getAttribute("data-initial");

describe("UserAvatar", () => {
  it("names the avatar after the user for assistive technology", () => {
    render(<UserAvatar username="Maya" />);
    expect(screen.getByRole("img", { name: "Maya's avatar" })).toBeInTheDocument();
  });

  it.each(["avatar-1", "avatar-2", "avatar-3", "avatar-4"])("draws built-in %s as inline art", (id) => {
    const { container } = render(<UserAvatar username="Sam" profileImage={id} size="xl" />);
    const avatar = screen.getByRole("img", { name: "Sam's avatar" });
    expect(avatar.querySelector("svg")).not.toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(avatar.querySelector("[data-initial]")).toBeNull();
  });

  it("draws four different built-in avatars", () => {
    const markup = ["avatar-1", "avatar-2", "avatar-3", "avatar-4"].map((id) => {
      const { container, unmount } = render(<UserAvatar username="Sam" profileImage={id} />);
      // Gradient ids come from useId and differ per render; compare the drawing only.
      const html = container.innerHTML.replace(/id="[^"]*"|url\(#[^)]*\)/g, "");
      unmount();
      return html;
    });
    expect(new Set(markup).size).toBe(4);
  });

  it("shows an image address as a decorative image inside the labelled wrapper", () => {
    const { container } = render(<UserAvatar username="Kim" profileImage="https://cdn.example/kim.jpg" />);
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("src", "https://cdn.example/kim.jpg");
    expect(img).toHaveAttribute("alt", "");
    expect(screen.getByRole("img", { name: "Kim's avatar" })).toContainElement(img);
  });

  it("falls back to the initial when the image fails to load", () => {
    const { container } = render(<UserAvatar username="kim" profileImage="/uploads/missing.png" />);
    const img = container.querySelector("img");
    if (!img) throw new Error("expected an <img>");
    fireEvent.error(img);
    expect(container.querySelector("img")).toBeNull();
    expect(initialOf(screen.getByRole("img", { name: "kim's avatar" }))).toBe("K");
  });

  it("shows the upper-cased first letter tinted with the gender colour when there is no image", () => {
    render(<UserAvatar username="lena" gender="female" />);
    const avatar = screen.getByRole("img", { name: "lena's avatar" });
    expect(initialOf(avatar)).toBe("L");
    expect(avatar).toHaveTextContent(/^$/);
    expect(avatar.querySelector("[data-gender-colour]")).toHaveAttribute("data-gender-colour", "pink");
  });

  it.each([
    ["male", "blue"],
    ["other", "purple"],
    ["prefer-not-to-say", "grey"],
    [undefined, "grey"],
  ])("tints gender %s %s", (gender, colour) => {
    render(<UserAvatar username="Ray" gender={gender} />);
    const tint = screen.getByRole("img").querySelector("[data-gender-colour]");
    expect(tint).toHaveAttribute("data-gender-colour", colour);
  });

  it("shows a question mark for a missing username", () => {
    render(<UserAvatar username="  " />);
    expect(initialOf(screen.getByRole("img", { name: "Anonymous's avatar" }))).toBe("?");
  });

  it("treats an avatar id without art as a built-in id, not as an address", () => {
    const { container } = render(<UserAvatar username="Zed" profileImage="avatar-9" />);
    expect(container.querySelector("img")).toBeNull();
    expect(initialOf(screen.getByRole("img", { name: "Zed's avatar" }))).toBe("Z");
  });

  it.each(Object.entries(AVATAR_SIZES))("renders size %s at %i px", (size, px) => {
    render(<UserAvatar username="Io" size={size as keyof typeof AVATAR_SIZES} />);
    const avatar = screen.getByRole("img");
    expect(avatar.style.width).toBe(`${px}px`);
    expect(avatar.style.height).toBe(`${px}px`);
  });
});
